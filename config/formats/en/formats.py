"""English as written outside the United States (issue 21): day before month, 24-hour times (as the session
clock and the printed schedules show them). Django's "en" is US style (11/26/2026, 7:48 p.m.), which reads as
the 11th of the 26th month to most players of an international event."""

DATE_FORMAT = "j F Y"  # 26 November 2026
TIME_FORMAT = "H:i"  # 19:48
DATETIME_FORMAT = "j F Y, H:i"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "d/m/Y"  # 26/11/2026
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
FIRST_DAY_OF_WEEK = 1  # Monday
