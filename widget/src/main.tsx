import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './app/Shell';
import { loadZoho } from './sdk/load-zoho';
import { createZohoCrm } from './sdk/zoho-crm';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Shell loadCrm={async () => createZohoCrm(await loadZoho())} />
    </StrictMode>,
  );
}
