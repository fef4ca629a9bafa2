#!/bin/sh
# The web container's start: renders the nginx server block with API_UPSTREAM, then runs nginx in the foreground.
set -eu
envsubst '${API_UPSTREAM}' < /etc/nginx/templates/default.conf.template > /etc/nginx/conf.d/default.conf
exec nginx -g 'daemon off;'
