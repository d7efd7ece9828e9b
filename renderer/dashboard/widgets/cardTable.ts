import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The narrowest a column of a table may be before its rows are laid out as cards (px): below about
 * 7.5 rem a column of names or band names wraps word by word (a phone keeps tables of two columns).
 */
export const MIN_COLUMN_WIDTH = 120;

/** The attribute naming a cell's column, shown before its value when the rows are cards. */
export const LABEL_ATTRIBUTE = 'data-label';

/**
 * Whether a table drawn inside the returned box must be laid out as cards: when, drawn as a table, it
 * is wider than the box (it would scroll sideways) or its columns would be narrower than
 * `MIN_COLUMN_WIDTH`. Measured, not a breakpoint: the same table is a table in a wide card and cards
 * in a narrow one (a phone, a section of two columns). The table's width is measured whenever it is
 * drawn as a table (the rows changed, or the box grew past the width it needed), before the browser
 * paints. Where nothing has a width (no layout, as in jsdom) the table stays a table, and so does one
 * out of sight (`shown` false: a chart's table before 'Ver tabela').
 */
export function useCardsWhenNarrow<T extends HTMLElement>(columns: number, content: unknown, shown = true) {
  const box = useRef<T>(null);
  const [cards, setCards] = useState(false);
  // New rows or columns, or the table shown: measured as a table again (state adjusted while rendering).
  const [drawn, setDrawn] = useState({ content, columns, shown });
  if (drawn.content !== content || drawn.columns !== columns || drawn.shown !== shown) {
    setDrawn({ content, columns, shown });
    setCards(false);
  }
  /** The width the table needed when last measured as a table. */
  const needed = useRef(0);
  const least = columns * MIN_COLUMN_WIDTH;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !shown) return;
    const decide = () => {
      const width = element.clientWidth;
      if (width === 0) return; // not laid out (hidden, or no layout at all)
      if (!cards) {
        if (element.scrollWidth > width || width < least) {
          needed.current = Math.max(element.scrollWidth, least);
          setCards(true);
        }
      } else if (width >= needed.current) setCards(false);
    };
    decide();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(decide);
    observer.observe(element);
    return () => observer.disconnect();
  }, [cards, content, least, shown]);

  return { box, cards: shown && cards };
}

/**
 * Out of sight, still read: the column headers of a table laid out as cards, a chart's table before
 * 'Ver tabela' (a closed <details> would hide it from screen readers).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A table's rows as cards (for a `<table>` whose elements keep their roles explicitly, since a table
 * laid out as blocks loses them in some browsers): one card per row, the first cell its heading, every
 * other cell a line of two columns, the column's name (from the cell's `data-label`, drawn but not read
 * twice: screen readers still have the table and its column headers) and the value. Rows and cells keep their
 * own backgrounds (band colours). (Roboto has two weights here: regular, and medium for anything bolder.)
 */
export const cardTableSx = {
  display: 'block',
  width: '100%',
  '& caption': { display: 'block' },
  '& thead': visuallyHidden,
  '& tbody, & tr': { display: 'block' },
  '& tbody > tr': {
    border: '1px solid rgba(0, 0, 0, 0.12)',
    borderRadius: 1,
    mb: 1,
    overflow: 'hidden',
  },
  '& tbody > tr > td, & tbody > tr > th': {
    display: 'flex',
    // (MUI reverses a right-aligned cell's flex direction.)
    flexDirection: 'row',
    gap: 1,
    textAlign: 'left',
    px: 1.5,
    py: 0.75,
    overflowWrap: 'anywhere',
  },
  '& tbody > tr > :is(td, th):last-child': { borderBottom: 0 },
  // The column's name before the value, drawn only: the cell is read with its column header.
  [`& tbody > tr > :is(td, th):not(:first-child)::before`]: {
    content: `attr(${LABEL_ATTRIBUTE}) / ""`,
    flex: '0 0 45%',
    fontWeight: 500,
  },
  // The heading: larger, on a faint shade laid over the row's or cell's own colour (never replacing it).
  '& tbody > tr > :is(td, th):first-child': {
    fontWeight: 500,
    fontSize: '1rem',
    backgroundImage: 'linear-gradient(rgba(0, 0, 0, 0.05), rgba(0, 0, 0, 0.05))',
  },
} as const;
