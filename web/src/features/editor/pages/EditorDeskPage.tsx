import { Page } from '@/components/layout/Page';

/** /editor: the editor's desk (docs/editor.md). Rendered only for editors (app/EditorRoute.tsx). */
export default function EditorDeskPage() {
  return (
    <Page title="Editor's desk" lead="Curate the catalogue: the deals that are new, changed or reported." />
  );
}
