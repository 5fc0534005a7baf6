# Meridian management plane. The runtime stage holds only the runtime tree that
# scripts/ci/build-runtime-tree.sh builds (CI builds and starts the same tree with plain node:
# scripts/ci/check-runtime-tree.sh): Next's standalone server and the node_modules it traces,
# the static files, Prisma's client with its PostgreSQL WASM engine, the migrations and the
# bundled entries in scripts/dist. No dev dependency, no tsx, no sources; it runs as uid 1000.
#   docker build -t meridian .
#   docker run -e DATABASE_URL=... -e NEXTAUTH_SECRET=... -p 3000:3000 -p 3001:3001 meridian
# The default command (scripts/dist/start.mjs) applies pending migrations, creates the first
# admin (MERIDIAN_ADMIN_EMAIL / MERIDIAN_ADMIN_PASSWORD), seeds the demo with MERIDIAN_MODE=demo,
# then runs server.js. The Helm chart (deploy/meridian) runs `node scripts/dist/migrate.mjs`
# once per release as a Job and `node server.js` in each replica.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
# The postinstall hook runs `prisma generate`, which needs the schema and config.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN bash scripts/ci/build-runtime-tree.sh /runtime

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    MERIDIAN_AGENT_PORT=3001 \
    KEEP_ALIVE_TIMEOUT=65000
WORKDIR /app
# Owned by root, so the server cannot change its own code; it writes only to .next/cache
# (the chart mounts an emptyDir there and on /tmp, with a read-only root filesystem).
COPY --from=build /runtime /app
RUN mkdir -p /app/.next/cache && chown 1000:1000 /app/.next/cache
USER 1000:1000
EXPOSE 3000 3001
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/dist/start.mjs"]
