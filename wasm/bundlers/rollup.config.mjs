// Rollup's recipe for @cardrules/games: node-resolve finds the package,
// and import-meta-assets emits each WebAssembly file the page's code names
// as new URL(file, import.meta.url) beside the bundle.
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { importMetaAssets } from "@web/rollup-plugin-import-meta-assets";

export default {
	input: "src/main.js",
	output: { dir: "dist", format: "es" },
	plugins: [nodeResolve(), importMetaAssets()],
};
