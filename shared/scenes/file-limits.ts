/**
 * The largest scene, snapshot or CSV file TagSim reads, from disk or through the window: far more
 * than any real scene (10,000 tags take about 2 MiB), small enough that reading one never stalls
 * the app. The bridge's message limit derives from it.
 */
export const MAX_SCENE_FILE_BYTES = 16 * 1024 * 1024;
