import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ConnectionSource } from '../transport/connection.js';
import { filterRule } from '../state/tag-view.js';
import { useTableView } from '../hooks/use-table-view.js';
import type { Dialogs } from '../state/dialogs.js';
import type { ScenesModel } from '../state/scenes-model.js';
import type { UiModel } from '../state/ui-model.js';
import { moveSelection } from '../state/virtual-range.js';
import { runAction } from '../ui/actions.js';
import { ConnectionBanner } from '../components/shell/ConnectionBanner.js';
import { NoticeBanner } from '../components/shell/NoticeBanner.js';
import { ExercisePanel } from '../components/shell/ExercisePanel.js';
import { tagsDrivenByPlant } from '../../shared/scenes/scene-plant.js';
import { isLocked, mayUse, stationBar } from '../../shared/lab/restrictions.js';
import { DetailsPanel } from '../components/tags/DetailsPanel.js';
import { IS_MAC, isTextField } from '../ui/dom.js';
import { EditorPanel } from '../components/editor/EditorPanel.js';
import { DropOverlay, FilePickers } from '../components/scene/FilePickers.js';
import { SceneBar } from '../components/scene/SceneBar.js';
import { DialogHost } from '../components/scene/SceneDialogs.js';
import { SimulationControls } from '../components/shell/SimulationControls.js';
import { StatusBar } from '../components/shell/StatusBar.js';
import { TagTable } from '../components/tags/TagTable.js';
import { Toolbar } from '../components/shell/Toolbar.js';
import { useModel } from '../hooks/use-model.js';
import { useSceneWindow } from '../hooks/use-scene-window.js';
import { TrafficModel } from '../state/traffic-model.js';
import { trafficShortcut } from '../state/shortcuts.js';
import { TrafficToggle, TrafficView } from '../components/traffic/TrafficView.js';
import { usePlantPane } from '../plant/use-plant-pane.js';

const NAVIGATION_KEYS: Record<string, Parameters<typeof moveSelection>[1]> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  PageUp: 'pageUp',
  PageDown: 'pageDown',
  Home: 'home',
  End: 'end',
};

export interface AppProps {
  model: UiModel;
  scenes: ScenesModel;
  dialogs: Dialogs;
  link: ConnectionSource;
  /** The desktop app (Electron) or the browser UI of `tagsim serve --ui`. */
  shell: 'desktop' | 'browser';
}

/**
 * The window: the scene bar, toolbar, live tag table, details of the selected tag (or the scene
 * editor), status bar; and the dialogs of the scene menu.
 */
export function App({ model, scenes, dialogs, link, shell }: AppProps) {
  const version = useModel(model);
  useModel(scenes);
  useModel(dialogs);
  const [editing, setEditing] = useState(false);
  const [trafficOpen, setTrafficOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [bulkError, setBulkError] = useState<string | undefined>(undefined);
  const filterRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const { client, tags } = model;
  const traffic = useMemo(() => new TrafficModel(client), [client]);
  const connected = model.connection.status === 'connected';
  const scene = useSceneWindow({ model, scenes, dialogs, shell, connected });
  const doc = scenes.document;
  // The sensors the plant writes: a value set on one lasts only until its next step.
  const driven = useMemo(() => (doc ? tagsDrivenByPlant(doc.scene) : new Set<string>()), [doc]);
  const plant = usePlantPane(model, doc?.scene, {
    covered: trafficOpen,
    selectedId,
    onSelect: setSelectedId,
    link,
  });

  const { options, ids, revealRequest, reveal, changeOptions, sortBy } = useTableView(model);
  const togglePin = useCallback(
    (id: string) =>
      void runAction(() => client.setPinned({ id, pinned: !model.isPinned(id) }).then(() => null)),
    [client, model],
  );
  const focusFilter = () => {
    filterRef.current?.focus();
    filterRef.current?.select();
  };

  // The desktop app's View ▸ Traffic.
  useEffect(() => client.on('toggleTraffic', () => setTrafficOpen((open) => !open)), [client]);

  // Ctrl/Cmd+F and '/' focus the filter from anywhere in the window.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (trafficShortcut(event)) {
        event.preventDefault();
        setTrafficOpen((open) => !open);
        return;
      }
      if (
        (mod && !event.altKey && event.key.toLowerCase() === 'f') ||
        (event.key === '/' && !mod && !isTextField(event.target))
      ) {
        event.preventDefault();
        focusFilter();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const toggleEditing = () => {
    // The editor reorders tags: show them in scene order, where a move is visible.
    if (!editing) changeOptions({ sort: 'scene', direction: 'asc' });
    setEditing(!editing);
  };
  const neighbourOf = (id: string) => {
    const at = ids.indexOf(id);
    return at < 0 ? undefined : (ids[at + 1] ?? ids[at - 1]);
  };

  const selected = selectedId === undefined ? undefined : tags.get(selectedId);

  const onGridKey = (event: KeyboardEvent, pageSize: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = NAVIGATION_KEYS[event.key];
    if (move) {
      event.preventDefault();
      const current = selectedId === undefined ? -1 : ids.indexOf(selectedId);
      const next = moveSelection(current, move, ids.length, pageSize);
      if (next !== undefined) setSelectedId(ids[next]);
      reveal();
      return;
    }
    if (!selected || !connected) return;
    if (event.key === ' ') {
      event.preventDefault();
      if (selected.type === 'Bit') {
        const raw = selected.raw ?? selected.value;
        void runAction(() => client.setValue({ id: selected.id, value: raw !== true }));
      }
    } else if (event.key === 'p' || event.key === 'P') {
      event.preventDefault();
      togglePin(selected.id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const controls = editing
        ? '#edit-tag-name:enabled, .tag-editor button:enabled'
        : '.tag-details button, .tag-details input';
      document.querySelector<HTMLElement>(controls)?.focus();
    }
  };

  const onFilterKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && options.filter !== '') {
      event.preventDefault();
      changeOptions({ filter: '' });
    } else if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      if (selectedId === undefined || !ids.includes(selectedId)) setSelectedId(ids[0]);
      gridRef.current?.focus();
    }
  };

  const bulk = (action: () => Promise<void>) => void runAction(action).then(setBulkError);

  // Say which rule found nothing: a word looks inside names, a pattern must match whole names.
  let emptyText =
    options.filter.trim() === ''
      ? 'No tags match the filter.'
      : `No tags match. ${filterRule(options.filter)}`;
  if (!model.loaded)
    emptyText = model.loadError ? `Could not load the tags: ${model.loadError}` : 'Loading tags…';

  return (
    <div
      class={`app${connected ? '' : ' offline'}${editing ? ' editing' : ''}`}
      data-version={version}
      {...scene.drop.handlers}
    >
      <ConnectionBanner state={model.connection} onRetry={link.reconnectNow?.bind(link)} />
      <NoticeBanner notices={model.notices} onDismiss={() => model.dismissNotices()} />
      {model.reconnectNote !== undefined && connected ? (
        <div class="banner banner-info" role="status">
          <span class="notices-body">{model.reconnectNote}</span>
          <button type="button" class="small" onClick={() => model.dismissReconnectNote()}>
            Dismiss
          </button>
        </div>
      ) : null}
      <SceneBar
        document={doc}
        recent={scenes.recent}
        editing={editing}
        disabled={!connected}
        isMac={IS_MAC}
        commands={scene.commands}
        onToggleEditing={toggleEditing}
        station={stationBar(model.restrictions)}
        extraActions={[
          plant.toggle,
          <TrafficToggle key="t" open={trafficOpen} onToggle={() => setTrafficOpen((o) => !o)} />,
        ]}
        simulation={
          model.simulation.status && mayUse(model.restrictions, 'simulation') ? (
            <SimulationControls
              status={model.simulation.status}
              client={client}
              disabled={!connected}
              shortcuts={shell === 'desktop'}
              onStatus={(status) => model.setSimulation(status)}
            />
          ) : undefined
        }
      />
      <ExercisePanel client={client} connected={connected} />
      {/* The tag filters have nothing to act on while Traffic replaces the table. */}
      {trafficOpen ? null : (
        <Toolbar
          options={options}
          filterRef={filterRef}
          shown={ids.length}
          total={tags.size}
          forcedCount={tags.forcedCount}
          failedCount={tags.failedCount}
          disabled={!connected}
          onChange={changeOptions}
          onFilterKeyDown={onFilterKey}
          onReleaseAll={() => bulk(() => client.releaseAll(undefined))}
          onClearFailures={() => bulk(() => client.clearFailures(undefined))}
          hideFaultControls={model.restrictions?.hideFaultControls ?? false}
        />
      )}
      {bulkError !== undefined ? (
        <div class="banner banner-error" role="alert">
          {bulkError}
        </div>
      ) : null}
      {trafficOpen ? (
        <TrafficView
          traffic={traffic}
          client={client}
          clock={
            model.simulation.status && mayUse(model.restrictions, 'clock') ? model.simulation : undefined
          }
          disabled={!connected}
          onClock={(clock) => model.setClock(clock)}
        />
      ) : null}
      <div class={`workspace${plant.view ? ' plant-open' : ''}`} hidden={trafficOpen}>
        {plant.view}
        <TagTable
          ids={ids}
          store={tags}
          version={tags.version}
          pinned={model.pinnedSet}
          selectedId={selectedId}
          revealRequest={revealRequest}
          sort={options.sort}
          direction={options.direction}
          gridRef={gridRef}
          onSelect={setSelectedId}
          onSort={sortBy}
          onTogglePin={togglePin}
          pinLocked={isLocked(model.restrictions, 'pinnedTagIds')}
          onKeyDown={onGridKey}
          emptyText={emptyText}
        />
        {editing ? (
          <EditorPanel
            scenes={scenes}
            selectedId={selectedId}
            disabled={!connected}
            edit={(edit) => scene.flows.edit(edit)}
            ask={dialogs.ask}
            onSelect={setSelectedId}
            neighbourOf={neighbourOf}
          />
        ) : (
          <DetailsPanel
            tag={selected}
            client={client}
            pinned={selected !== undefined && model.isPinned(selected.id)}
            pinnedIds={model.pinned}
            store={tags}
            disabled={!connected}
            driven={selected !== undefined && driven.has(selected.id)}
            restrictions={model.restrictions}
            onTogglePin={togglePin}
            onSelect={setSelectedId}
          />
        )}
      </div>
      <StatusBar
        server={model.server}
        modbus={model.modbus}
        drivers={model.drivers}
        modbusClient={
          model.modbusClient && !isLocked(model.restrictions, 'modbusClient') && !model.restrictions?.station
            ? { settings: model.modbusClient, onSaved: (settings) => model.setModbusClient(settings) }
            : undefined
        }
        stats={model.stats}
        scene={tags.scene}
        client={client}
        connected={connected}
        simulation={model.simulation}
        portLocked={isLocked(model.restrictions, 'port')}
      />
      <FilePickers
        sceneInput={scene.sceneInput}
        stateInput={scene.stateInput}
        onSceneFile={scene.openSceneFile}
        onStateFile={scene.restoreStateFile}
      />
      {scene.drop.dragging ? <DropOverlay /> : null}
      <DialogHost
        dialog={dialogs.current}
        onDownload={scene.downloadScene}
        onDownloadState={scene.downloadState}
      />
    </div>
  );
}
