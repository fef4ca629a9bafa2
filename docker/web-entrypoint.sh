#!/bin/sh
# The web container's start: renders the nginx server block with API_UPSTREAM and the HSTS header, then
# runs nginx in the foreground.
set -eu
# Strict-Transport-Security only when users reach nginx over https: HSTS_MAX_AGE seconds (0 or unset: none).
HSTS_MAX_AGE="${HSTS_MAX_AGE:-0}"
case "$HSTS_MAX_AGE" in
  *[!0-9]* | '')
    echo "HSTS_MAX_AGE must be a number of seconds (0: no Strict-Transport-Security), got '$HSTS_MAX_AGE'" >&2
    exit 1
    ;;
esac
if [ "$HSTS_MAX_AGE" -gt 0 ]; then HSTS_HEADER="max-age=$HSTS_MAX_AGE; includeSubDomains"; else HSTS_HEADER=''; fi
export HSTS_HEADER
envsubst '${API_UPSTREAM} ${HSTS_HEADER}' < /etc/nginx/templates/default.conf.template > /etc/nginx/conf.d/default.conf
exec nginx -g 'daemon off;'
