#!/bin/sh
# `make serve`'s last step: the app server given as arguments (gunicorn) and, when the site sends mail
# (EMAIL_HOST or EMAIL_BACKEND set, and not MAIL_WORKER=0), the mail outbox's worker (`manage.py
# send_mail_outbox`) beside it. The worker stops when the app server stops, however it stops; TERM or INT to
# this script (systemd, Ctrl-C) stops the app server with TERM, as it would stop alone, then the worker; HUP
# (reload) goes to the app server. Why a script rather than gunicorn's hooks: docs/deploy.md, "E-mail".
# PY: the Python that runs manage.py (make passes the virtual environment's).
set -u
PY=${PY:-.venv/bin/python}
worker=""
server=""
stopping=""

# Signal a child until it has stopped; its exit status. A signal sent while the child is still being started
# (forked, its program not running yet) is taken by the shell's copy that becomes it, and lost: so it is said
# again every second (a USR1 to this script wakes the `wait`) until the child is gone.
stop_child() {
    while :; do
        kill "-$2" "$1" 2>/dev/null
        (sleep 1 && kill -USR1 $$ 2>/dev/null) &
        wait "$1"
        child_status=$?
        kill -0 "$1" 2>/dev/null || return "$child_status"
    done
}

stop_worker() {
    if [ -n "$worker" ]; then
        stop_child "$worker" TERM
        worker=""
    fi
}

# INT too stops the app server with TERM (gracefully): a program started in the background by a script ignores
# INT unless it says otherwise (gunicorn does; Ctrl-C at a terminal reaches it directly anyway).
trap 'stopping=TERM' TERM INT
trap '[ -n "$server" ] && kill -HUP "$server" 2>/dev/null' HUP
trap ':' USR1
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
while :; do
    if [ -n "$stopping" ]; then
        stop_child "$server" "$stopping"
        status=$?
        break
    fi
    wait "$server" # returns when the app server stops, or early when a signal comes
    status=$?
    kill -0 "$server" 2>/dev/null || break
done
stop_worker
exit "$status"
