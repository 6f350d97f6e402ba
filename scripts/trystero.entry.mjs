// The entry scripts/setup.sh bundles with esbuild into vendor/trystero/trystero.mjs:
// trystero's Nostr strategy and its crypto, one ES module with no bare imports, loaded by
// ui/friends/net.js only when the player chooses internet play.
export { joinRoom, getRelaySockets, selfId } from "@trystero-p2p/nostr";
