// Browser APIs TypeScript's lib leaves out, that our JavaScript reads where the
// browser has them (page and workers; tsconfig.json, tsconfig.worker.json).

interface NavigatorUAData { brands: { brand: string; version: string }[]; mobile: boolean; platform: string }
interface NetworkInformation { saveData?: boolean; effectiveType?: string }

interface Navigator {
  userAgentData?: NavigatorUAData;
  connection?: NetworkInformation;
}
interface WorkerNavigator {
  userAgentData?: NavigatorUAData;
  connection?: NetworkInformation;
}

/** a const of the snapshot's reader worker, written into its blob's source
 * (ui/boot/snapshot.store.mjs readerSource): why no shipped snapshot is read */
declare const shippedNot: string;
