import { createContext, type RouterContextProvider } from "react-router";
import type { Authentication } from "./auth/authenticate.server";
import type { Services } from "./services.server";

/** What every loader and action gets for its request. */
export type RequestContext = Services & { requestId: string; auth: Authentication };

export const requestContext = createContext<RequestContext>();

export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}
