import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useOutbox, useOutboxMessage } from './email-api';

const statuses = ['', 'queued', 'sent', 'failed'] as const;

/** The operator's outbox: messages by status, and one message's text and HTML. */
export function Outbox() {
  const [status, setStatus] = useState<string>('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useOutbox(status);
  const message = useOutboxMessage(open);
  if (list.isError) return <Alert tone="error">{list.error.message}</Alert>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label="Messages">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Show">
          {statuses.map((s) => (
            <Button
              key={s || 'all'}
              size="sm"
              variant={status === s ? 'primary' : 'secondary'}
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
            >
              {s ? `${s} (${list.data?.counts[s] ?? '…'})` : 'all'}
            </Button>
          ))}
        </div>
        {list.isPending ? (
          <Spinner className="mt-4 h-6 w-6" />
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {list.data.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setOpen(m.id)}
                  className="w-full p-3 text-left text-sm hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">{m.subject}</span>
                  <span className="block text-slate-600">
                    {m.to} · {m.kind} · {m.status}
                    {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''} ·{' '}
                    {new Date(m.createdAt).toLocaleString()}
                  </span>
                  {m.lastError ? <span className="block text-red-800">{m.lastError}</span> : null}
                </button>
              </li>
            ))}
            {list.data.messages.length === 0 ? (
              <li className="p-3 text-sm text-slate-600">No messages.</li>
            ) : null}
          </ul>
        )}
      </section>
      <section aria-label="Message">
        {message.data ? (
          <article className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 className="font-semibold text-slate-900">{message.data.subject}</h2>
            <p className="text-sm text-slate-600">To {message.data.to}</p>
            <pre className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
              {message.data.text}
            </pre>
            <iframe
              title="The message as HTML"
              sandbox=""
              srcDoc={message.data.html}
              className="mt-3 h-96 w-full rounded border border-slate-200"
            />
          </article>
        ) : open ? (
          <Spinner className="h-6 w-6" />
        ) : (
          <p className="text-sm text-slate-600">Choose a message to read it.</p>
        )}
      </section>
    </div>
  );
}
