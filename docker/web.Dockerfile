# syntax=docker/dockerfile:1
# The web container: the built SPA served by nginx, which proxies /api and /ws to API_UPSTREAM.
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

FROM nginx:1.27-alpine AS runtime
ENV API_UPSTREAM=http://api:3000
COPY docker/nginx.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
