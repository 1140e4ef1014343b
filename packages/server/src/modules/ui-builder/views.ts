import type {
  UiContainer,
  UiContainerSummary,
  UiLayoutSummary,
  UiLogic,
  UiPageSummary,
  UiPublication,
} from '@basalt/shared';
import type { ContainerRow, DocumentRow, LogicRow, PublicationRow } from './ui-builder.repo.js';

/** Rows as the wire shapes (PostgreSQL answers bigints as text: read through numbers). */

export function containerSummary(
  row: ContainerRow,
  url: string | null,
  publicationNumber: number | null,
): UiContainerSummary {
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    mainPage: row.main_page,
    forkedFrom: row.forked_from,
    publicationNumber,
    publishedUrl: row.publication_id ? url : null,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

export function pageSummary(row: DocumentRow, mainPage: string): UiPageSummary {
  return {
    name: row.name,
    title: row.title,
    layoutId: row.layout_id,
    isMain: row.name === mainPage,
    revision: Number(row.revision),
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

export function layoutSummary(row: DocumentRow): UiLayoutSummary {
  return {
    id: row.name,
    title: row.title,
    revision: Number(row.revision),
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

export function publicationOf(
  row: Omit<PublicationRow, 'snapshot'>,
  url: string,
  currentId: string | null,
): UiPublication {
  return {
    id: row.id,
    number: Number(row.number),
    url,
    current: row.id === currentId,
    author: row.author,
    description: row.description,
    size: Number(row.size),
    created: Number(row.created),
  };
}

export function containerOf(
  row: ContainerRow,
  url: string,
  docs: DocumentRow[],
  publication: UiPublication | null,
): UiContainer {
  return {
    ...containerSummary(row, url, publication?.number ?? null),
    pages: docs.filter((d) => d.kind === 'page').map((d) => pageSummary(d, row.main_page)),
    layouts: docs.filter((d) => d.kind === 'layout').map(layoutSummary),
    publication,
  };
}

export function logicOf(row: LogicRow): UiLogic {
  return {
    componentUid: row.component_uid,
    handlerName: row.handler_name,
    kind: row.kind === 'js' ? 'js' : 'codeless',
    source: row.source === null ? null : (JSON.parse(row.source) as unknown),
    code: row.code,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}
