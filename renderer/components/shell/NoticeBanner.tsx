import type { StartupNotice } from '../../../shared/bridge/bridge-spec.js';

/**
 * What went wrong while TagSim started (a damaged presets.json or settings.json): in the window,
 * where the person who can fix it sees it, with the file and the problem, until dismissed.
 */
export function NoticeBanner({
  notices,
  onDismiss,
}: {
  notices: readonly StartupNotice[];
  onDismiss: () => void;
}) {
  if (notices.length === 0) return null;
  return (
    <div class="banner banner-warning notices" role="alert" aria-labelledby="notices-title">
      <div class="notices-body">
        <strong id="notices-title">
          TagSim started, but{' '}
          {notices.length === 1 ? 'one file had a problem' : `${notices.length} files had problems`}:
        </strong>
        <ul>
          {notices.map((n, i) => (
            <li key={i}>
              <code class="notice-file">{n.file}</code> {n.message}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" class="small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
