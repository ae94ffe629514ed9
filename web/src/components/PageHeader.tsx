// The head of a screen or of a section in one: its titled heading with a muted line under it, and
// on the right what the screen offers (a "New …" button), if anything. HeadedSection is the
// screen (or section) itself, named for assistive technology by that heading.
import { type ReactNode, useId } from "react";

interface HeaderProps {
  title: ReactNode;
  /** A class the muted line has besides "muted". */
  introClassName?: string;
  level?: 1 | 2;
  /** A section of a screen rather than the screen ("section-header"). */
  section?: boolean;
  action?: ReactNode;
}

export function PageHeader({
  titleId,
  title,
  introClassName,
  level = 1,
  section,
  action,
  children,
}: HeaderProps & {
  titleId: string;
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

/** A screen or a section under its PageHeader, labelled by the header's title (the id is made here). */
export function HeadedSection({
  className,
  intro,
  children,
  ...header
}: HeaderProps & {
  className?: string;
  /** The muted line under the title. */
  intro: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={className}>
      <PageHeader titleId={titleId} {...header}>
        {intro}
      </PageHeader>
      {children}
    </section>
  );
}
