import type { TestProject } from 'vitest/node';

import { createTemplate, dropTemplate, type DbTemplate } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
    runnerPid: number;
  }
}

export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide('dbTemplate', template);
  project.provide('runnerPid', process.pid);
  return async () => dropTemplate(template);
}
