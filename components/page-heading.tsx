import type { ReactNode } from 'react';

export function PageHeading({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
    </div>
  );
}
