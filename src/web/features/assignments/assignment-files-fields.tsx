import { FileDropZone } from '../../components/ui/file-drop-zone';
import { acceptFor, checkFile, type FileKind } from './file-rules';

type FileField = 'questionPaper' | 'modelAnswer' | 'diagram';

const zones: { field: FileField; label: string; kind: FileKind; hint: string }[] = [
  { field: 'questionPaper', label: 'Question paper (PDF)', kind: 'pdf', hint: 'PDF (under 500kb)' },
  { field: 'modelAnswer', label: 'Model answer (PDF)', kind: 'pdf', hint: 'PDF (under 500kb)' },
  {
    field: 'diagram',
    label: 'Model diagram (optional image)',
    kind: 'image',
    hint: 'JPG, JPEG or PNG (under 500kb)',
  },
];

/**
 * The three file pickers of the Create Assignment form. A refused file gives the spec's message
 * through `onRefuse(field, message)`, for the form to show in that zone's error line, and leaves
 * the previous choice in place; a kept file goes to `onChange` (which clears the line).
 */
export function AssignmentFilesFields({
  files,
  errors,
  disabled,
  onChange,
  onRefuse,
}: {
  files: Record<FileField, File | null>;
  errors: Partial<Record<FileField, string>>;
  disabled: boolean;
  onChange: (field: FileField, file: File | null) => void;
  onRefuse: (field: FileField, message: string) => void;
}) {
  return (
    // grid-cols-1 (minmax(0, 1fr)) keeps a long file name from widening the page on a phone
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {zones.map(({ field, label, kind, hint }) => (
        <div key={field} id={`field-${field}`} className="min-w-0">
          <FileDropZone
            label={label}
            prompt="Click to upload or drag and drop"
            hint={hint}
            accept={acceptFor[kind]}
            file={files[field]}
            name={field}
            disabled={disabled}
            onFile={(file) => {
              const problem = checkFile(file, kind);
              if (problem) return onRefuse(field, problem);
              onChange(field, file);
            }}
            onClear={() => onChange(field, null)}
            error={errors[field]}
          />
        </div>
      ))}
    </div>
  );
}
