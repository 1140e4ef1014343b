import { createHash, randomUUID } from 'node:crypto';
import {
  UI_KEY_PATTERN,
  UI_LANGUAGE_PATTERN,
  UI_THEME_VARIABLES,
  type UiContainerSettings,
  type UiExternalLibrary,
  type UiI18n,
  type UiMetaTag,
  type UiPwaSettings,
  type UiStyle,
  type UiTheme,
  type UiViewport,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { translateError } from '../../../db/db-errors.js';
import { checkName, type ContainersService } from '../containers.service.js';
import type { ContainerRow } from '../ui-builder.repo.js';
import {
  checkCustomConfigs,
  checkExternalLibraries,
  checkMetaTags,
  checkPwa,
  checkViewport,
  DEFAULT_PWA,
  sanitiseHead,
  viewportContent,
} from './head.js';
import { checkFavicon, checkPwaIcon, type ImageFile } from './images.js';
import { LookRepo, type LookRow, type ThemeRow } from './look.repo.js';
import { compileStyle } from './styles.compile.js';
import type { PublishedLook } from './published.js';

interface StoredSettings {
  viewport: UiViewport;
  metaTags: UiMetaTag[];
  customHeadContent: string;
  externalLibraries: UiExternalLibrary[];
  customConfigs: Record<string, unknown>;
  pwa: UiPwaSettings;
  faviconInfo?: { size: number; width: number | null; height: number | null } | null;
  pwaIconInfo?: { size: number; width: number | null; height: number | null } | null;
}

const DEFAULT_SETTINGS: StoredSettings = {
  viewport: {},
  metaTags: [],
  customHeadContent: '',
  externalLibraries: [],
  customConfigs: {},
  pwa: DEFAULT_PWA,
};

const MAX_STYLES = 20;
const MAX_LANGUAGES = 50;
const MAX_KEYS = 5000;
const MAX_TEXT = 10000;
const VARIABLE_VALUE = /^[#A-Za-z0-9 .,%()_'"\-/]{1,200}$/;
const THEME_ID = /^[A-Za-z0-9_-]{1,64}$/;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const shown = (v: unknown) => JSON.stringify(String(v).slice(0, 60));
const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

function checkVariables(input: unknown): Record<string, string> {
  if (!isObject(input)) throw ApiError.badRequest('Theme variables must be an object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    if (!(UI_THEME_VARIABLES as readonly string[]).includes(k))
      throw ApiError.badRequest(`Unknown theme variable ${shown(k)} (known: ${UI_THEME_VARIABLES.join(', ')})`);
    if (v === '' || v === null) continue;
    // A value stays inside its declaration: no ';', '{', '}', '<' or '\'.
    if (typeof v !== 'string' || !VARIABLE_VALUE.test(v))
      throw ApiError.badRequest(`The theme variable ${k} has a value a style sheet cannot hold: ${shown(v)}`);
    out[k] = v;
  }
  return out;
}

function themeOf(r: ThemeRow): UiTheme {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    variables: JSON.parse(r.variables) as Record<string, string>,
    version: Number(r.version),
    publishedAt: r.published_at === null ? null : Number(r.published_at),
    created: Number(r.created),
    updated: Number(r.updated),
  };
}

function variablesCss(vars: Record<string, string>): string {
  const body = Object.entries(vars)
    .map(([k, v]) => `--bsl-${k}:${v}`)
    .join(';');
  return body ? `:root{${body}}\n` : '';
}

/**
 * Themes, container styles, i18n dictionaries and page settings of UI Builder containers, and
 * what a publication takes of them (decision 0086).
 */
export class LookService {
  readonly repo: LookRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly containers: ContainersService,
  ) {
    this.repo = new LookRepo(ctx.dbs);
  }

  // ---------------- themes ----------------

  private async themeRow(appId: string, id: string): Promise<ThemeRow> {
    const row = THEME_ID.test(id) ? await this.repo.theme(appId, id) : undefined;
    if (!row) throw ApiError.notFound(`No theme ${shown(id)}`);
    return row;
  }

  async themes(appId: string): Promise<UiTheme[]> {
    return (await this.repo.themes(appId)).map(themeOf);
  }

  private checkThemeName(name: unknown): string {
    if (typeof name !== 'string' || !name.trim() || name.length > 100)
      throw ApiError.badRequest('A theme needs a name of 1 to 100 characters');
    return name.trim();
  }

  async createTheme(
    appId: string,
    body: { name?: string; description?: string; variables?: Record<string, string>; style?: string },
  ): Promise<UiTheme> {
    const name = this.checkThemeName(body.name);
    const variables = checkVariables(body.variables ?? {});
    const style = body.style ?? '';
    await compileStyle(`The style of theme '${name}'`, style, 'less');
    const now = Date.now();
    const row: ThemeRow = {
      id: randomUUID(),
      app_id: appId,
      name,
      description: body.description ?? '',
      variables: JSON.stringify(variables),
      style,
      released: null,
      version: 0,
      published_at: null,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertTheme(row);
    } catch (err) {
      throw translateError(err, { unique: ApiError.conflict(`A theme named ${shown(name)} exists already`) });
    }
    return themeOf(row);
  }

  async updateTheme(
    appId: string,
    id: string,
    body: { name?: string; description?: string; variables?: Record<string, string>; style?: string },
  ): Promise<UiTheme> {
    const row = await this.themeRow(appId, id);
    const changes: Partial<ThemeRow> = { updated: Date.now() };
    if (body.name !== undefined) changes.name = this.checkThemeName(body.name);
    if (body.description !== undefined) changes.description = body.description;
    if (body.variables !== undefined) changes.variables = JSON.stringify(checkVariables(body.variables));
    if (body.style !== undefined) {
      await compileStyle(`The style of theme '${row.name}'`, body.style, 'less');
      changes.style = body.style;
    }
    try {
      await this.repo.updateTheme(appId, row.id, changes);
    } catch (err) {
      throw translateError(err, { unique: ApiError.conflict(`A theme named ${shown(changes.name)} exists already`) });
    }
    return themeOf({ ...row, ...changes });
  }

  async deleteTheme(appId: string, id: string): Promise<{ success: boolean }> {
    const row = await this.themeRow(appId, id);
    await this.repo.deleteTheme(appId, row.id);
    return { success: true };
  }

  async publishTheme(appId: string, id: string): Promise<UiTheme> {
    const row = await this.themeRow(appId, id);
    const changes: Partial<ThemeRow> = {
      released: JSON.stringify({ variables: JSON.parse(row.variables), style: row.style }),
      version: Number(row.version) + 1,
      published_at: Date.now(),
    };
    await this.repo.updateTheme(appId, row.id, changes);
    return themeOf({ ...row, ...changes });
  }

  async themeStyle(appId: string, id: string): Promise<{ content: string }> {
    return { content: (await this.themeRow(appId, id)).style };
  }

  async updateThemeStyle(appId: string, id: string, content: string): Promise<{ content: string }> {
    const row = await this.themeRow(appId, id);
    await compileStyle(`The style of theme '${row.name}'`, content, 'less');
    await this.repo.updateTheme(appId, row.id, { style: content, updated: Date.now() });
    return { content };
  }

  async applyTheme(appId: string, container: string, body: unknown): Promise<UiContainerSettings> {
    const c = await this.containers.live(appId, container);
    const raw = isObject(body) ? (body.id ?? body.themeId ?? body.objectId) : body;
    let themeId: string | null = null;
    if (raw !== null && raw !== undefined && raw !== '') {
      if (typeof raw !== 'string') throw ApiError.badRequest('Name the theme to apply: {id}');
      themeId = (await this.themeRow(appId, raw)).id;
    }
    await this.saveLook(c, (look) => ({ ...look, theme_id: themeId }));
    return this.settings(appId, container);
  }

  // ---------------- styles ----------------

  async styles(appId: string, container: string) {
    const c = await this.containers.live(appId, container);
    return (await this.repo.styles(c.id)).map((s) => ({
      name: s.name,
      type: s.type as 'less' | 'css',
      size: Buffer.byteLength(s.content),
      updated: Number(s.updated),
    }));
  }

  async style(appId: string, container: string, name: string): Promise<UiStyle> {
    const c = await this.containers.live(appId, container);
    const row = await this.repo.style(c.id, checkName('style', name));
    if (!row) throw ApiError.notFound(`The container '${container}' has no style ${shown(name)}`);
    return {
      name: row.name,
      type: row.type as 'less' | 'css',
      content: row.content,
      size: Buffer.byteLength(row.content),
      updated: Number(row.updated),
    };
  }

  async putStyle(
    appId: string,
    container: string,
    name: string,
    body: { content: string; type?: 'less' | 'css' },
  ): Promise<UiStyle> {
    const c = await this.containers.live(appId, container);
    const styleName = checkName('style', name);
    const type = body.type ?? 'less';
    await compileStyle(`Style '${styleName}'`, body.content, type);
    const existing = await this.repo.style(c.id, styleName);
    if (!existing && (await this.repo.styles(c.id)).length >= MAX_STYLES)
      throw ApiError.badRequest(`A container has at most ${MAX_STYLES} style sheets`);
    const now = Date.now();
    await this.repo.putStyle({
      app_id: appId,
      container_id: c.id,
      name: styleName,
      type,
      content: body.content,
      created: now,
      updated: now,
    });
    return { name: styleName, type, content: body.content, size: Buffer.byteLength(body.content), updated: now };
  }

  async deleteStyle(appId: string, container: string, name: string): Promise<{ success: boolean }> {
    const c = await this.containers.live(appId, container);
    if (!(await this.repo.deleteStyle(c.id, checkName('style', name))))
      throw ApiError.notFound(`The container '${container}' has no style ${shown(name)}`);
    return { success: true };
  }

  // ---------------- i18n ----------------

  private async lookRow(c: ContainerRow): Promise<LookRow> {
    return (
      (await this.repo.look(c.id)) ?? {
        container_id: c.id,
        app_id: c.app_id,
        theme_id: null,
        default_i18n: 'en',
        settings: JSON.stringify(DEFAULT_SETTINGS),
        favicon: null,
        favicon_type: null,
        pwa_icon: null,
        updated: Date.now(),
      }
    );
  }

  private async saveLook(c: ContainerRow, change: (row: LookRow) => LookRow): Promise<void> {
    const row = change(await this.lookRow(c));
    await this.repo.putLook({ ...row, updated: Date.now() });
  }

  private async i18nOf(c: ContainerRow): Promise<UiI18n> {
    const look = await this.repo.look(c.id);
    const dictionaries: Record<string, Record<string, string>> = {};
    for (const d of await this.repo.dictionaries(c.id))
      dictionaries[d.lang] = JSON.parse(d.entries) as Record<string, string>;
    return { defaultI18n: look?.default_i18n ?? 'en', dictionaries };
  }

  async i18n(appId: string, container: string): Promise<UiI18n> {
    return this.i18nOf(await this.containers.live(appId, container));
  }

  /** Every key of the container's dictionaries: `$t` keys outside them are refused on save. */
  async i18nKeys(containerId: string): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const d of await this.repo.dictionaries(containerId))
      for (const k of Object.keys(JSON.parse(d.entries) as object)) keys.add(k);
    return keys;
  }

  private lang(value: unknown): string {
    if (typeof value !== 'string' || !UI_LANGUAGE_PATTERN.test(value))
      throw ApiError.badRequest(`The language ${shown(value)} is not valid (en, fr, pt-BR …)`);
    return value;
  }

  private checkEntries(input: unknown): Record<string, string> {
    const value = isObject(input) && isObject(input.dictionary) ? input.dictionary : input;
    if (!isObject(value)) throw ApiError.badRequest('A dictionary is an object of key → text');
    const entries = Object.entries(value);
    if (entries.length > MAX_KEYS) throw ApiError.badRequest(`A dictionary holds at most ${MAX_KEYS} keys`);
    const out: Record<string, string> = {};
    for (const [k, v] of entries) {
      if (!UI_KEY_PATTERN.test(k))
        throw ApiError.badRequest(
          `The i18n key ${shown(k)} is not valid (letters, digits, '_', '.', '-', at most 100)`,
        );
      if (typeof v !== 'string' || v.length > MAX_TEXT)
        throw ApiError.badRequest(`The text of key '${k}' must be text of at most ${MAX_TEXT} characters`);
      out[k] = v;
    }
    return out;
  }

  async saveDictionary(appId: string, container: string, langName: string, body: unknown): Promise<UiI18n> {
    const c = await this.containers.live(appId, container);
    const lang = this.lang(langName);
    const entries = this.checkEntries(body);
    const have = await this.repo.dictionaries(c.id);
    if (!have.some((d) => d.lang === lang) && have.length >= MAX_LANGUAGES)
      throw ApiError.badRequest(`A container has at most ${MAX_LANGUAGES} languages`);
    await this.repo.putDictionary({
      app_id: appId,
      container_id: c.id,
      lang,
      entries: JSON.stringify(entries),
      updated: Date.now(),
    });
    // The first dictionary becomes the default language.
    if (!have.length) await this.saveLook(c, (l) => ({ ...l, default_i18n: lang }));
    return this.i18nOf(c);
  }

  async deleteDictionary(appId: string, container: string, langName: string): Promise<UiI18n> {
    const c = await this.containers.live(appId, container);
    const lang = this.lang(langName);
    const current = await this.i18nOf(c);
    if (!current.dictionaries[lang])
      throw ApiError.notFound(`The container '${container}' has no dictionary '${lang}'`);
    if (current.defaultI18n === lang && Object.keys(current.dictionaries).length > 1)
      throw ApiError.conflict(`'${lang}' is the default language: make another language the default first`);
    await this.repo.deleteDictionary(c.id, lang);
    return this.i18nOf(c);
  }

  async setDefault(appId: string, container: string, body: { defaultI18n: string }): Promise<UiI18n> {
    const c = await this.containers.live(appId, container);
    const lang = this.lang(body.defaultI18n);
    const current = await this.i18nOf(c);
    if (!current.dictionaries[lang])
      throw ApiError.badRequest(`The default language needs a dictionary: '${lang}' has none`);
    await this.saveLook(c, (l) => ({ ...l, default_i18n: lang }));
    return this.i18nOf(c);
  }

  /** `{lang: text | null}` for one key; a language without a dictionary gets one. */
  async updateKey(appId: string, container: string, key: string, body: unknown): Promise<UiI18n> {
    const c = await this.containers.live(appId, container);
    if (!UI_KEY_PATTERN.test(key)) throw ApiError.badRequest(`The i18n key ${shown(key)} is not valid`);
    const changes = isObject(body) && isObject(body.values) ? body.values : body;
    if (!isObject(changes)) throw ApiError.badRequest('Send the texts of the key by language: {en: "…"}');
    const current = await this.i18nOf(c);
    const now = Date.now();
    await this.repo.tx(async (db) => {
      for (const [langName, text] of Object.entries(changes)) {
        const lang = this.lang(langName);
        if (text !== null && (typeof text !== 'string' || text.length > MAX_TEXT))
          throw ApiError.badRequest(
            `The ${lang} text of '${key}' must be text of at most ${MAX_TEXT} characters (or null)`,
          );
        const dict = { ...(current.dictionaries[lang] ?? {}) };
        if (text === null) delete dict[key];
        else dict[key] = text;
        await this.repo.putDictionary(
          { app_id: appId, container_id: c.id, lang, entries: JSON.stringify(dict), updated: now },
          db,
        );
      }
    });
    if (!Object.keys(current.dictionaries).length) {
      const first = Object.keys(changes)[0];
      if (first) await this.saveLook(c, (l) => ({ ...l, default_i18n: first }));
    }
    return this.i18nOf(c);
  }

  /** Renames a key in every dictionary and in every `$t` of the container's pages and layouts, at once. */
  async renameKey(appId: string, container: string, oldKey: string, newKey: string): Promise<UiI18n> {
    const c = await this.containers.live(appId, container);
    if (!UI_KEY_PATTERN.test(oldKey)) throw ApiError.badRequest(`The i18n key ${shown(oldKey)} is not valid`);
    if (!UI_KEY_PATTERN.test(newKey))
      throw ApiError.badRequest(`The new key name ${shown(newKey)} is not valid (letters, digits, '_', '.', '-')`);
    const current = await this.i18nOf(c);
    const dicts = Object.entries(current.dictionaries);
    if (!dicts.some(([, d]) => oldKey in d)) throw ApiError.notFound(`No dictionary has the key '${oldKey}'`);
    if (oldKey !== newKey && dicts.some(([, d]) => newKey in d))
      throw ApiError.conflict(`The key '${newKey}' exists already`);
    const now = Date.now();
    await this.repo.tx(async (db) => {
      for (const [lang, d] of dicts) {
        if (!(oldKey in d)) continue;
        const next: Record<string, string> = {};
        for (const [k, v] of Object.entries(d)) next[k === oldKey ? newKey : k] = v;
        await this.repo.putDictionary(
          { app_id: appId, container_id: c.id, lang, entries: JSON.stringify(next), updated: now },
          db,
        );
      }
      for (const doc of await this.repo.documents(c.id, db)) {
        let changed = false;
        const parsed = JSON.parse(doc.document) as unknown;
        const walk = (v: unknown): void => {
          if (Array.isArray(v)) v.forEach(walk);
          else if (isObject(v)) {
            if (v.$t === oldKey) {
              v.$t = newKey;
              changed = true;
            }
            Object.values(v).forEach(walk);
          }
        };
        walk(parsed);
        if (changed)
          await this.repo.updateDocument(
            c.id,
            doc.kind as 'page' | 'layout',
            doc.name,
            JSON.stringify(parsed),
            Number(doc.revision) + 1,
            db,
          );
      }
    });
    return this.i18nOf(c);
  }

  /** Deletes keys from every dictionary; a key a page or layout still uses is a 409 naming both. */
  async deleteKeys(appId: string, container: string, body: unknown): Promise<UiI18n> {
    const c = await this.containers.live(appId, container);
    const list = isObject(body) && Array.isArray(body.keys) ? body.keys : body;
    if (!Array.isArray(list) || !list.length) throw ApiError.badRequest('Send the keys to delete: ["key", …]');
    if (list.length > MAX_KEYS) throw ApiError.badRequest(`At most ${MAX_KEYS} keys at once`);
    const keys = new Set<string>();
    for (const k of list) {
      if (typeof k !== 'string' || !UI_KEY_PATTERN.test(k))
        throw ApiError.badRequest(`The i18n key ${shown(k)} is not valid`);
      keys.add(k);
    }
    for (const doc of await this.repo.documents(c.id)) {
      const used = [...keys].find((k) => doc.document.includes(`"$t":${JSON.stringify(k)}`));
      if (used)
        throw ApiError.conflict(`The key '${used}' is used by the ${doc.kind} '${doc.name}': remove it there first`);
    }
    const current = await this.i18nOf(c);
    const now = Date.now();
    await this.repo.tx(async (db) => {
      for (const [lang, d] of Object.entries(current.dictionaries)) {
        if (!Object.keys(d).some((k) => keys.has(k))) continue;
        const next = Object.fromEntries(Object.entries(d).filter(([k]) => !keys.has(k)));
        await this.repo.putDictionary(
          { app_id: appId, container_id: c.id, lang, entries: JSON.stringify(next), updated: now },
          db,
        );
      }
    });
    return this.i18nOf(c);
  }

  // ---------------- settings ----------------

  private stored(row: LookRow): StoredSettings {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(row.settings) as Partial<StoredSettings>) };
  }

  private async settingsOf(c: ContainerRow): Promise<UiContainerSettings> {
    const row = await this.lookRow(c);
    const s = this.stored(row);
    const theme = row.theme_id ? await this.repo.theme(c.app_id, row.theme_id) : undefined;
    return {
      theme: theme ? { id: theme.id, name: theme.name } : null,
      viewport: s.viewport,
      metaTags: s.metaTags,
      customHeadContent: s.customHeadContent,
      externalLibraries: s.externalLibraries,
      customConfigs: s.customConfigs,
      favicon: row.favicon && s.faviconInfo ? { type: row.favicon_type ?? '', ...s.faviconInfo } : null,
      pwa: s.pwa,
      pwaIcon: row.pwa_icon && s.pwaIconInfo ? { type: 'image/png', ...s.pwaIconInfo } : null,
    };
  }

  async settings(appId: string, container: string): Promise<UiContainerSettings> {
    return this.settingsOf(await this.containers.live(appId, container));
  }

  private async changeSettings(
    appId: string,
    container: string,
    change: (s: StoredSettings, row: LookRow) => Partial<StoredSettings>,
    rowChange?: Partial<LookRow>,
  ): Promise<UiContainerSettings> {
    const c = await this.containers.live(appId, container);
    await this.saveLook(c, (row) => {
      const s = this.stored(row);
      return { ...row, ...rowChange, settings: JSON.stringify({ ...s, ...change(s, row) }) };
    });
    return this.settingsOf(c);
  }

  updateViewport = (appId: string, container: string, body: unknown) =>
    this.changeSettings(appId, container, () => ({ viewport: checkViewport(body) }));
  updateMetaTags = (appId: string, container: string, body: unknown) =>
    this.changeSettings(appId, container, () => ({ metaTags: checkMetaTags(body) }));
  updateHead = (appId: string, container: string, body: unknown) =>
    this.changeSettings(appId, container, () => ({ customHeadContent: sanitiseHead(body) }));
  updateLibraries = (appId: string, container: string, body: unknown) =>
    this.changeSettings(appId, container, () => ({ externalLibraries: checkExternalLibraries(body) }));
  updateConfigs = (appId: string, container: string, body: unknown) =>
    this.changeSettings(appId, container, () => ({ customConfigs: checkCustomConfigs(body) }));
  updatePwa = (appId: string, container: string, body: unknown) =>
    this.changeSettings(appId, container, (s) => ({ pwa: checkPwa(body, s.pwa) }));

  /** Any of the parts at once (each checked as its own route checks it). */
  updateSettings(appId: string, container: string, body: unknown): Promise<UiContainerSettings> {
    if (!isObject(body)) throw ApiError.badRequest('Settings must be an object');
    const known = ['viewport', 'metaTags', 'customHeadContent', 'externalLibraries', 'customConfigs', 'pwa'];
    const odd = Object.keys(body).find((k) => !known.includes(k));
    if (odd) throw ApiError.badRequest(`Unknown setting ${shown(odd)} (known: ${known.join(', ')})`);
    return this.changeSettings(appId, container, (s) => ({
      ...(body.viewport !== undefined ? { viewport: checkViewport(body.viewport) } : {}),
      ...(body.metaTags !== undefined ? { metaTags: checkMetaTags(body.metaTags) } : {}),
      ...(body.customHeadContent !== undefined ? { customHeadContent: sanitiseHead(body.customHeadContent) } : {}),
      ...(body.externalLibraries !== undefined
        ? { externalLibraries: checkExternalLibraries(body.externalLibraries) }
        : {}),
      ...(body.customConfigs !== undefined ? { customConfigs: checkCustomConfigs(body.customConfigs) } : {}),
      ...(body.pwa !== undefined ? { pwa: checkPwa(body.pwa, s.pwa) } : {}),
    }));
  }

  setFavicon(appId: string, container: string, data: Buffer | null): Promise<UiContainerSettings> {
    const img: ImageFile | null = data ? checkFavicon(data) : null;
    return this.changeSettings(
      appId,
      container,
      () => ({ faviconInfo: img ? { size: img.data.length, width: img.width, height: img.height } : null }),
      { favicon: img ? img.data.toString('base64') : null, favicon_type: img?.type ?? null },
    );
  }

  setPwaIcon(appId: string, container: string, data: Buffer): Promise<UiContainerSettings> {
    const img = checkPwaIcon(data);
    return this.changeSettings(
      appId,
      container,
      () => ({ pwaIconInfo: { size: img.data.length, width: img.width, height: img.height } }),
      { pwa_icon: img.data.toString('base64') },
    );
  }

  // ---------------- publishing ----------------

  /** What a publication takes: the compiled style sheet, dictionaries, head settings, icons, PWA. */
  async forPublish(c: ContainerRow): Promise<PublishedLook> {
    const row = await this.lookRow(c);
    const s = this.stored(row);
    const parts: string[] = [];
    const theme = row.theme_id ? await this.repo.theme(c.app_id, row.theme_id) : undefined;
    if (theme) {
      const t = theme.released
        ? (JSON.parse(theme.released) as { variables: Record<string, string>; style: string })
        : { variables: JSON.parse(theme.variables) as Record<string, string>, style: theme.style };
      parts.push(variablesCss(t.variables));
      parts.push(await compileStyle(`The style of theme '${theme.name}'`, t.style, 'less'));
    }
    for (const st of await this.repo.styles(c.id))
      parts.push(await compileStyle(`Style '${st.name}'`, st.content, st.type === 'css' ? 'css' : 'less'));
    const css = parts.join('\n');
    const favicon = row.favicon
      ? { type: row.favicon_type ?? 'image/x-icon', data: row.favicon, hash: hash(row.favicon) }
      : null;
    const icon =
      row.pwa_icon && s.pwaIconInfo
        ? { data: row.pwa_icon, size: `${s.pwaIconInfo.width}x${s.pwaIconInfo.height}`, hash: hash(row.pwa_icon) }
        : null;
    return {
      css,
      cssHash: hash(css),
      i18n: await this.i18nOf(c),
      viewport: viewportContent(s.viewport),
      metaTags: s.metaTags,
      head: s.customHeadContent,
      libraries: s.externalLibraries,
      configs: s.customConfigs,
      favicon,
      pwa: s.pwa.enabled ? { ...s.pwa, icon } : null,
    };
  }
}
