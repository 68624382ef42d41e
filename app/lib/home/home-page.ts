import type { HomeWidgetId } from "./home-widgets";

// What the home page's loader hands its components.

export type HomeEntity = { entityRef: string; title: string; hover: string };
export type HomeDoc = HomeEntity & { docsPath: string };

export type HomePageData = {
  widgets: HomeWidgetId[];
  signedIn: boolean;
  starred: HomeEntity[];
  recent: HomeEntity[];
  owned: HomeEntity[];
  ownedTotal: number;
  docs: HomeDoc[];
  /** The kinds the search widget searches: every kind in the catalog the visitor may read, by name. */
  searchKinds: string[];
};
