// Class names of legal.module.css, typed so a misspelt class is a compile error.
declare const styles: {
  readonly document: string;
  readonly header: string;
  readonly title: string;
  readonly dates: string;
  readonly lead: string;
  readonly toc: string;
  readonly tocTitle: string;
  readonly tocList: string;
  readonly section: string;
  readonly sectionHeading: string;
  readonly subheading: string;
  readonly clauses: string;
  readonly items: string;
  readonly bullets: string;
  readonly facts: string;
  readonly tableWrap: string;
  readonly table: string;
  readonly numeric: string;
  readonly note: string;
  readonly attribution: string;
  readonly closing: string;
};
export default styles;
