"""Account pages: the public invitation pages under /accounts/, the organizer's under /t/<slug>/manage/."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("invitation/", views.InvitationAcceptView.as_view(), name="invitation-accept"),
    path("invitation/<str:token>/", views.InvitationLinkView.as_view(), name="invitation"),
]

manage_patterns = [
    path("accounts/", views.AccountsView.as_view(), name="manage-accounts"),
    path("accounts/<int:invitation>/renew/", views.InvitationRenewView.as_view(), name="manage-account-renew"),
]
