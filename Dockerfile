# Meridian management plane: one image that migrates its database and serves the app.
#   docker build -t meridian .
#   docker run -e DATABASE_URL=... -e NEXTAUTH_SECRET=... -p 3000:3000 meridian
# Without DATABASE_URL it starts its embedded database in /data (MERIDIAN_DATA_DIR).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
# The postinstall hook runs `prisma generate`, which needs the schema and config.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx prisma generate && npx next build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1 \
    PORT=3000 \
    MERIDIAN_DATA_DIR=/data
# scripts/start.ts runs through tsx and applies migrations with the Prisma CLI, so the runtime
# keeps the full dependency tree next to the build output.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# `npm start` applies pending migrations, creates the first admin, then runs `next start`;
# --no-build because the image already holds the production build.
CMD ["npm", "start", "--", "--no-build"]
