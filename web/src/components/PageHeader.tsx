// The head of a screen or of a section in one: its titled heading with a muted line under it, and
// on the right what the screen offers (a "New …" button), if anything.
import type { ReactNode } from "react";

export function PageHeader({
  titleId,
  title,
  introClassName,
  level = 1,
  section,
  action,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** A class the muted line has besides "muted". */
  introClassName?: string;
  level?: 1 | 2;
  /** A section of a screen rather than the screen ("section-header"). */
  section?: boolean;
  action?: ReactNode;
  /** The muted line under the title. */
  children: ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={section ? "section-header" : "page-header"}>
      <div>
        <Heading id={titleId}>{title}</Heading>
        <p className={introClassName ? `muted ${introClassName}` : "muted"}>{children}</p>
      </div>
      {action}
    </div>
  );
}
