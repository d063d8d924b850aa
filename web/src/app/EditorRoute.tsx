// Layout route of the editor's desk (/editor and the pages under it, docs/editor.md): editors only. Everyone
// else (signed out included) gets the product's 404, so the desk's existence is not advertised; the editor
// functions check the role again on every call, this page only decides what to draw.
import { Outlet } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { PageSpinner } from '@/components/Spinner';
import { Page } from '@/components/layout/Page';
import { useEditorAccess } from '@/features/editor/hooks/useEditorAccess';
import NotFoundPage from '@/features/marketing/pages/NotFoundPage';

export default function EditorRoute() {
  const access = useEditorAccess();
  switch (access.status) {
    case 'checking':
      return <PageSpinner label="Checking your editor access" />;
    case 'editor':
      return <Outlet />;
    case 'not-editor':
      return <NotFoundPage />;
    case 'failed':
      return (
        <Page title="Editor's desk" width="narrow">
          <Alert tone="error">We could not check your editor access. Reload the page to try again.</Alert>
        </Page>
      );
  }
}
