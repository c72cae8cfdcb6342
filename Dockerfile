# FairEx: the API, realtime, web app and back office from one Node.js process (README, Deploying).
# This machine cannot pull images, so the image is not built by the tests; apps/server/test/deploy-files.test.ts
# checks that every variable set here and in docker-compose.yml is one the server reads and README documents.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# Every workspace's dependencies, the three builds (web, back office, server), then only what runs.
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
# Production: real index prices, no demo data; DATA_DIR keeps uploads (and the embedded database without DATABASE_URL).
ENV NODE_ENV=production PRICE_FEED=public PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
