# syntax=docker/dockerfile:1
# The API container: builds contracts + api, runs migrations at start, then the server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY libs/contracts/package.json libs/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY libs/contracts libs/contracts
COPY apps/api apps/api
RUN npm run build -w libs/contracts && npm run build -w apps/api

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 UPLOAD_DIR=/data/uploads
WORKDIR /app
# Production dependencies only, from the same lockfile.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN (npm ci --omit=dev --no-audit --no-fund -w apps/api -w libs/contracts || npm install --omit=dev --no-audit --no-fund -w apps/api -w libs/contracts) && npm cache clean --force
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY docker/api-entrypoint.sh /usr/local/bin/api-entrypoint.sh
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/local/bin/api-entrypoint.sh"]
