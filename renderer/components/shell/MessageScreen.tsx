import type { ComponentChildren } from 'preact';

/** A whole-window message (no token, no bridge): what is wrong and what to do. */
export function MessageScreen({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <main class="message-screen">
      <div class="message-card" role="alert">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
