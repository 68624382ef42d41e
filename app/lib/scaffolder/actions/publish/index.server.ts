import type { TemplateAction } from "../types";
import { createPublishAzureAction } from "./azure.server";
import { createPublishBitbucketCloudAction } from "./bitbucket-cloud.server";
import type { PublishOptions } from "./common.server";
import { createPublishGithubAction, createPublishGithubPullRequestAction } from "./github.server";
import { createPublishGitlabAction } from "./gitlab.server";

export type { PublishOptions } from "./common.server";

/** The publishers to remote source hosts, for the action registry (../registry.server.ts). */
export function publishActions(options: PublishOptions): TemplateAction[] {
  return [
    createPublishGithubAction(options),
    createPublishGithubPullRequestAction(options),
    createPublishGitlabAction(options),
    createPublishAzureAction(options),
    createPublishBitbucketCloudAction(options),
  ];
}
