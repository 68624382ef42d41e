# Atrium's image: built on node:24-slim in two stages, run as the unprivileged
# `node` user. Configuration comes from a mounted file (ATRIUM_CONFIG), ${VAR}
# substitution in app-config.yaml, or APP_CONFIG_* variables (README).

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
# git: publish:git and cloning the portal's own repositories (docs/decisions/032).
RUN apt-get update && apt-get install -y --no-install-recommends git && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=7007
WORKDIR /app
COPY --from=build /app/package.json /app/app-config.yaml ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server/index.js /app/server/workers.js ./server/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 7007
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/.backstage/health/v1/readiness`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--disable-warning=ExperimentalWarning", "server/index.js"]
