import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { formatSize } from '../../components/ui/file-drop-zone';

/** A scanned PDF over the limit, made smaller in the browser: the offer beside the refusal. */
export function ShrinkOffer({ file, onShrunk }: { file: File; onShrunk: (file: File) => void }) {
  const [state, setState] = useState<'idle' | 'busy' | string>('idle');
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-800">
        {file.name} is {formatSize(file.size)}. If it is a scan, Markwise can make it smaller here
        in your browser (clean black and white pages at 100–200 dpi) so that it fits.
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          void import('./photos/photo-pipeline')
            .then((m) => m.shrinkPdf(file))
            .then((out) => {
              if (typeof out === 'string') return setState(out);
              setState('idle');
              onShrunk(out.file);
            });
        }}
      >
        {state === 'busy' ? 'Making it smaller…' : 'Make it smaller'}
      </Button>
      {state !== 'idle' && state !== 'busy' ? (
        <p role="alert" className="font-medium text-red-700">
          {state}
        </p>
      ) : null}
    </div>
  );
}
