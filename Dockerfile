# Conversa's server, with the admin console and the widget it serves (README, "Deploying").
#   docker build -t conversa .
#   docker run -p 8080:8080 -v conversa-data:/data -e PUBLIC_URL=http://localhost:8080 conversa
# The build stage installs the workspace with the pinned pnpm (scripts/run.mjs bootstraps it with npm
# alone) and builds; the image keeps only the built files and the server's production dependencies.

FROM node:20-slim AS build
WORKDIR /src
# Dependencies first, so a change of source code reuses the installed layer.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY scripts/ scripts/
COPY packages/admin/package.json packages/admin/
COPY packages/contract/package.json packages/contract/
COPY packages/data/package.json packages/data/
COPY packages/server/package.json packages/server/
COPY packages/ui/package.json packages/ui/
COPY packages/widget/package.json packages/widget/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
RUN node scripts/run.mjs install
COPY . .
RUN node scripts/run.mjs build
# The server's production dependencies alone, from the store the install filled (no download).
RUN rm -rf node_modules packages/*/node_modules bench/node_modules e2e/node_modules \
  && node .cache/pnpm-*/node_modules/pnpm/bin/pnpm.cjs install \
    --frozen-lockfile --prod --offline --filter @conversa/server

FROM node:20-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/node_modules node_modules
COPY --from=build /src/packages/server/package.json packages/server/
COPY --from=build /src/packages/server/node_modules packages/server/node_modules
COPY --from=build /src/packages/server/dist packages/server/dist
COPY --from=build /src/packages/server/drizzle packages/server/drizzle
COPY --from=build /src/packages/server/assets packages/server/assets
COPY --from=build /src/packages/admin/dist packages/admin/dist
COPY --from=build /src/packages/widget/dist packages/widget/dist
# DATA_DIR: the embedded database, files and generated secret of a single-machine deployment (and
# the mail outbox without SMTP_URL). Owned by the unprivileged user the server runs as.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Liveness: the process answers (readiness, /api/ready, is for the load balancer).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "packages/server/dist/main.js"]
