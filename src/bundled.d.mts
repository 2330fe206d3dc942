/** Types of src/bundled.mjs (plain JavaScript: bin/markwise and the readers load it before tsx). */
export interface BundleProject {
  root: string;
  entries: () => string[];
  cache: string;
  manifest: string;
}
export function bundleProject(root?: string, entries?: (root: string) => string[]): BundleProject;
export function currentBundle(project?: BundleProject): Promise<string | null>;
export function loadSource(entry: string): Promise<Record<string, unknown>>;
