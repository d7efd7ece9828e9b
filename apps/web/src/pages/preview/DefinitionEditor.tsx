import { useRef, useState, type DragEvent, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import type { QuestionnaireFile } from '../../../../server/src/contract/definitions';
import type { ApiData } from '../../api/useApiData';
import { LoadError } from '../../components/PageStates';
import { useToast } from '../../toast';

const p = messages.preview;

/** The largest file loaded into the editor (the server takes bodies up to 1 MB). */
const MAX_FILE_BYTES = 1024 * 1024;

const EDITOR_ID = 'preview-definition';

/** How a repository file reads in the picker: "13 – Escala de Estresse Percebido (estresse.json)". */
export function fileOptionLabel(file: QuestionnaireFile): string {
  return format(p.fileOption, { type: file.type ?? p.fileNoType, title: file.title, name: file.name });
}

/**
 * Where the definition is written: a picker of the repository's files, a file chooser, and the JSON
 * text itself, onto which a .json file may be dropped.
 */
export function DefinitionEditor({
  text,
  onText,
  files,
  editorRef,
  describedBy,
}: {
  text: string;
  onText(text: string): void;
  files: ApiData<QuestionnaireFile[]>;
  editorRef: Ref<HTMLTextAreaElement>;
  /** Id of the verdict on the text, read with the field. */
  describedBy: string;
}) {
  const [picked, setPicked] = useState<QuestionnaireFile | null>(null);
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const toast = useToast();

  async function load(file: File) {
    if (file.size > MAX_FILE_BYTES) {
      toast.error(format(p.fileTooLarge, { file: file.name }));
      return;
    }
    try {
      // A byte-order mark is no JSON: editors add it, so it goes.
      onText((await file.text()).replace(/^\uFEFF/, ''));
      setPicked(null);
      toast.success(format(p.fileLoaded, { file: file.name }));
    } catch {
      toast.error(format(p.fileReadError, { file: file.name }));
    }
  }

  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  function onDragOver(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }
  function onDrop(event: DragEvent) {
    if (!carriesFiles(event)) return;
    // Not the browser's own handling (opening the file in the tab).
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void load(file);
  }

  return (
    <Stack spacing={2}>
      {files.error && <LoadError message={`${p.filesLoadError} ${files.error}`} onRetry={files.reload} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Autocomplete
          sx={{ flex: 1, minWidth: 0 }}
          options={files.data ?? []}
          loading={files.loading}
          loadingText={p.filesLoading}
          noOptionsText={files.data && files.data.length === 0 ? p.filesEmpty : p.noMatch}
          value={picked}
          getOptionLabel={fileOptionLabel}
          getOptionKey={(file) => file.name}
          getOptionDisabled={(file) => file.json === null}
          isOptionEqualToValue={(option, selected) => option.name === selected.name}
          onChange={(_, file) => {
            setPicked(file);
            if (file && file.json !== null) onText(`${JSON.stringify(file.json, null, 2)}\n`);
          }}
          renderInput={(params) => <TextField {...params} label={p.fileLabel} />}
        />
        <Button variant="outlined" color="inherit" onClick={() => chooser.current?.click()} sx={{ flex: 'none' }}>
          {p.openFile}
        </Button>
        <input
          ref={chooser}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void load(file);
          }}
        />
      </Stack>
      <Box
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{ position: 'relative', borderRadius: 1, outline: dragging ? '3px dashed' : 'none', outlineColor: 'secondary.main', outlineOffset: 2 }}
      >
        <TextField
          id={EDITOR_ID}
          label={p.editorLabel}
          helperText={p.editorHelp}
          value={text}
          onChange={(event) => onText(event.target.value)}
          multiline
          // A fixed height that scrolls: the verdict under it stays in sight while the text grows.
          rows={20}
          fullWidth
          inputRef={editorRef}
          slotProps={{
            htmlInput: {
              spellCheck: false,
              autoCapitalize: 'off',
              autoCorrect: 'off',
              'aria-describedby': `${EDITOR_ID}-helper-text ${describedBy}`,
              style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', fontSize: '0.8125rem', lineHeight: 1.5 },
            },
          }}
        />
        {dragging && (
          <Typography
            aria-hidden
            sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(255,255,255,0.85)', fontWeight: 600, pointerEvents: 'none' }}
          >
            {p.dropHere}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
