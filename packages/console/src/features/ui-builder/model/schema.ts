/**
 * The page-document shapes the editor works on: the shared schema's (decision 0080), which the
 * server validates saves with. The feature reads them from here only.
 */
export {
  STYLE_STATES,
  UI_IDENT_PATTERN,
  UI_NAME_PATTERN,
  isBinding,
  type Binding,
  type NodeStyles,
  type PageDocument,
  type PropValue,
  type StyleState,
  type TableDataSource,
  type UiNode,
} from '@basalt/shared';
