// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ConnectionBanner } from '../../../renderer/components/shell/ConnectionBanner.js';
import { NoticeBanner } from '../../../renderer/components/shell/NoticeBanner.js';
import type { ConnectionState } from '../../../renderer/transport/connection.js';
import { button, buttonNames, byRole, click, mount } from './harness.js';

describe('the startup notices', () => {
  it('are not there when every file was fine', () => {
    expect(mount(<NoticeBanner notices={[]} onDismiss={() => undefined} />).root.innerHTML).toBe('');
  });

  it('name each damaged file with its problem, until dismissed', () => {
    const onDismiss = vi.fn();
    const notices = [
      { file: '/home/me/.tagsim/presets.json', message: 'is not JSON; the presets were not loaded.' },
      { file: '/home/me/.tagsim/settings.json', message: 'port must be a whole number.' },
    ];
    const { root } = mount(<NoticeBanner notices={notices} onDismiss={onDismiss} />);
    const alert = byRole(root, 'alert');
    expect(alert.querySelector('#notices-title')!.textContent).toBe(
      'TagSim started, but 2 files had problems:',
    );
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '/home/me/.tagsim/presets.json is not JSON; the presets were not loaded.',
      '/home/me/.tagsim/settings.json port must be a whole number.',
    ]);
    click(button(alert, 'Dismiss'));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('speak of one file in the singular', () => {
    const { root } = mount(
      <NoticeBanner notices={[{ file: 'a.json', message: 'bad' }]} onDismiss={() => undefined} />,
    );
    expect(root.querySelector('#notices-title')!.textContent).toBe(
      'TagSim started, but one file had a problem:',
    );
  });
});

describe('the connection banner', () => {
  const show = (state: ConnectionState, onRetry?: () => void) =>
    mount(<ConnectionBanner state={state} {...(onRetry ? { onRetry } : {})} />).root;

  it('is not there while connected', () => {
    expect(show({ status: 'connected' }).innerHTML).toBe('');
  });

  it('says it is connecting on the first attempt, quietly', () => {
    expect(byRole(show({ status: 'connecting', attempt: 0 }), 'status').textContent).toBe(
      'Connecting to TagSim…',
    );
  });

  it('points at a stale token when the window never connected', () => {
    const root = show({ status: 'disconnected', attempt: 2, retryAt: 0, everConnected: false });
    expect(byRole(root, 'alert').textContent).toBe(
      'Disconnected from TagSim. Retrying (attempt 2)… If TagSim was restarted with another access token, open the new URL that `tagsim serve --ui` printed.',
    );
  });

  it('asks whether TagSim still runs after a drop, and retries at once on request', () => {
    const onRetry = vi.fn();
    const root = show({ status: 'disconnected', attempt: 1, retryAt: 0, everConnected: true }, onRetry);
    expect(byRole(root, 'alert').textContent).toContain(
      'Is TagSim still running? The window reconnects by itself and reloads every tag when it is back.',
    );
    click(button(root, 'Retry now'));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no retry while an attempt is under way', () => {
    const root = show({ status: 'connecting', attempt: 3 }, () => undefined);
    expect(byRole(root, 'alert').textContent).toContain('Disconnected from TagSim. Reconnecting…');
    expect(buttonNames(root)).toEqual([]);
  });
});
