#!/bin/sh
# `make serve`'s last step: the app server given as arguments (gunicorn) and, when the site sends mail
# (EMAIL_HOST or EMAIL_BACKEND set, and not MAIL_WORKER=0), the mail outbox's worker (`manage.py
# send_mail_outbox`) beside it. The
# worker stops when the app server stops, however it stops; a signal to this script (systemd, Ctrl-C) goes to
# the app server, which stops as it would alone. Why a script rather than gunicorn's hooks: docs/deploy.md,
# "E-mail". PY: the Python that runs manage.py (make passes the virtual environment's).
set -u
PY=${PY:-.venv/bin/python}
worker=""
server=""

stop_worker() {
    if [ -n "$worker" ]; then
        kill -TERM "$worker" 2>/dev/null
        wait "$worker" 2>/dev/null
        worker=""
    fi
}

pass_on() {
    [ -n "$server" ] && kill "-$1" "$server" 2>/dev/null
}

trap 'pass_on TERM' TERM
trap 'pass_on INT' INT
trap 'pass_on HUP' HUP
trap stop_worker EXIT

if [ "${MAIL_WORKER:-1}" = "0" ]; then
    echo "serve: MAIL_WORKER=0: no mail worker here (it runs as a service of its own)"
elif [ -n "${EMAIL_HOST:-}" ] || [ -n "${EMAIL_BACKEND:-}" ]; then
    echo "serve: mail is configured; starting the outbox worker (manage.py send_mail_outbox)"
    "$PY" manage.py send_mail_outbox &
    worker=$!
else
    echo "serve: no EMAIL_HOST or EMAIL_BACKEND: no mail worker (players are offered no e-mail)"
fi

"$@" &
server=$!
# `wait` returns early when a signal is trapped; the app server may still be stopping: wait for it again.
while :; do
    wait "$server"
    status=$?
    kill -0 "$server" 2>/dev/null || break
done
stop_worker
exit "$status"
