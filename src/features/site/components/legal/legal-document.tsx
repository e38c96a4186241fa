import type { ReactNode } from 'react';
import { formatJapaneseDate } from '../../legal-content/format';
import type { LegalDates } from '../../legal-content/types';
import s from './legal.module.css';

/** One numbered part of a document: an h2 with an anchor the table of contents links to. */
export type LegalSection = {
  /** Anchor id, unique in the page: lowercase letters, digits and hyphens. */
  id: string;
  title: string;
  content: ReactNode;
};

export type LegalDocumentProps = {
  title: string;
  dates: LegalDates;
  /** Opening paragraphs before the table of contents. */
  lead?: ReactNode;
  sections?: readonly LegalSection[];
  /** Table of contents with anchor links; shown by default when there are sections. */
  showToc?: boolean;
  /** Body without numbered sections (the 特商法 table), rendered after the sections. */
  children?: ReactNode;
  /** Closing line, e.g. 以上. */
  closing?: ReactNode;
};

const ANCHOR = /^[a-z][a-z0-9-]*$/;

/**
 * The frame every legal and help page shares: one h1, 制定日/最終改定日, an optional table of
 * contents and the sections. A server component with no client JavaScript; anchors work without it.
 */
export function LegalDocument({ title, dates, lead, sections = [], showToc, children, closing }: LegalDocumentProps) {
  const seen = new Set<string>();
  for (const section of sections) {
    // A duplicated or malformed id silently breaks the table of contents, so fail loudly instead.
    if (!ANCHOR.test(section.id) || seen.has(section.id)) {
      throw new Error(`LegalDocument: section id "${section.id}" is malformed or duplicated`);
    }
    seen.add(section.id);
  }
  const toc = (showToc ?? sections.length > 0) && sections.length > 0;

  return (
    <article className={s.document} aria-labelledby="legal-title">
      <header className={s.header}>
        <h1 id="legal-title" className={s.title}>
          {title}
        </h1>
        <dl className={s.dates}>
          <div>
            <dt>制定日</dt>
            <dd>
              <time dateTime={dates.enactedOn}>{formatJapaneseDate(dates.enactedOn)}</time>
            </dd>
          </div>
          {dates.revisedOn ? (
            <div>
              <dt>最終改定日</dt>
              <dd>
                <time dateTime={dates.revisedOn}>{formatJapaneseDate(dates.revisedOn)}</time>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      {lead ? <div className={s.lead}>{lead}</div> : null}

      {toc ? (
        <nav className={s.toc} aria-labelledby="legal-toc-title">
          <p id="legal-toc-title" className={s.tocTitle}>
            目次
          </p>
          <ol className={s.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {sections.map((section) => (
        <section key={section.id} id={section.id} className={s.section} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`} className={s.sectionHeading}>
            {section.title}
          </h2>
          {section.content}
        </section>
      ))}

      {children}

      {closing ? <p className={s.closing}>{closing}</p> : null}
    </article>
  );
}
