// The preload of the TagSim window (sandboxed; bundled to dist/preload/preload.cjs). It exposes
// exactly one object, `window.tagsim` (a BridgeTransport), and never ipcRenderer itself.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadApi } from './preload-api.js';

contextBridge.exposeInMainWorld('tagsim', createPreloadApi(ipcRenderer));
