import type { ReactNode } from 'react';
import { MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { errorText } from '../lib/errors';

/** A failure shown in place: what failed (title), why (children), and an optional way out (action). */
export function ErrorBar({
  title,
  children,
  action,
  role,
  className,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'alert';
  className?: string;
}) {
  // Multiline: a long reason wraps inside its card (a phone is 375 px wide) instead of running off it.
  return (
    <MessageBar intent="error" role={role} layout="multiline" className={className}>
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {children}
      </MessageBarBody>
      {action ? <MessageBarActions>{action}</MessageBarActions> : null}
    </MessageBar>
  );
}

/** A query that failed through `failWith`: the product's message (docs/product.md#messages) as the title, the request's reason below it. */
export function QueryErrorBar({ error, action }: { error: Error; action?: ReactNode }) {
  return (
    <ErrorBar title={error.message} action={action}>
      {errorText(error.cause)}
    </ErrorBar>
  );
}
