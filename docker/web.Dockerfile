# syntax=docker/dockerfile:1
# The web container: the built SPA served by nginx, which proxies /api and /ws to API_UPSTREAM and sends the
# API's security headers on every response.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY libs/contracts/package.json libs/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY libs/contracts libs/contracts
COPY apps/web apps/web
RUN npm run build -w apps/web

# Debian's nginx, for its brotli_static module: the build's precompressed .br files are sent as they are.
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static gettext-base \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
# HSTS_MAX_AGE: Strict-Transport-Security max-age in seconds, set it when users reach nginx over https (0: none).
ENV API_UPSTREAM=http://api:3000 HSTS_MAX_AGE=0
COPY docker/nginx.conf.template /etc/nginx/templates/default.conf.template
COPY docker/web-entrypoint.sh /usr/local/bin/web-entrypoint.sh
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["/usr/local/bin/web-entrypoint.sh"]
