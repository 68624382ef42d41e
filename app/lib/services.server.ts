import type { LoadedConfig } from "./config/load.server";
import { publicConfigOf, type PublicConfig } from "./config/runtime";
import type { AtriumDatabase } from "./db/client.server";
import type { Logger } from "./logger.server";

// Every service is created once at start-up, here, and reaches loaders and
// actions through the request context. Areas add their services as they land.

export type Services = {
  config: LoadedConfig;
  publicConfig: PublicConfig;
  database: AtriumDatabase;
  logger: Logger;
};

export function createServices(options: { config: LoadedConfig; database: AtriumDatabase; logger: Logger }): Services {
  return {
    config: options.config,
    publicConfig: publicConfigOf(options.config.config),
    database: options.database,
    logger: options.logger,
  };
}
