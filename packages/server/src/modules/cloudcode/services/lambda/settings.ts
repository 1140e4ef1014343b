import type { ServiceMethod } from '@basalt/shared';
import { ApiError } from '../../../../http/api-error.js';
import type { SecretBox } from '../../../../http/secret-box.js';
import { MASK } from '../config.js';

/** One Lambda function a service method calls. */
export interface LambdaFunction {
  /** The function's name (or ARN) in AWS. */
  name: string;
  /** A version or alias (`name:alias`). */
  alias?: string;
  /** The service method's name; the function's name when absent. */
  methodName?: string;
  params?: string[];
}

/** What a Lambda service stores (`cc_service_config.values_json`), the secret key sealed. */
export interface LambdaSettings {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  endpoint?: string;
  functions: LambdaFunction[];
}

export const AWS_LAMBDA = 'AWS_LAMBDA';

const FUNCTION_NAME = /^[A-Za-z0-9_:.-]{1,170}$/;
const ALIAS = /^[A-Za-z0-9_$-]{1,128}$/;
const METHOD_NAME = /^[A-Za-z_$][A-Za-z0-9_$-]{0,99}$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;

function text(body: Record<string, unknown>, field: string, max: number, required = true): string | undefined {
  const v = body[field];
  if (v === undefined || v === null || v === '') {
    if (required) throw ApiError.field('VALIDATION', field, `'${field}' is required`);
    return undefined;
  }
  if (typeof v !== 'string' || v.length > max)
    throw ApiError.field('VALIDATION', field, `'${field}' must be text of at most ${max} characters`);
  return v;
}

function functionsOf(raw: unknown): LambdaFunction[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw ApiError.field(
      'VALIDATION',
      'functions',
      "'functions' must list at least one function: [{name, alias?, methodName?, params?}]",
    );
  if (raw.length > 200) throw ApiError.field('VALIDATION', 'functions', "'functions' lists at most 200 functions");
  const methods = new Set<string>();
  return raw.map((f: unknown, i) => {
    const at = `functions[${i}]`;
    const o = (f ?? {}) as Record<string, unknown>;
    if (typeof f !== 'object' || f === null || typeof o.name !== 'string' || !FUNCTION_NAME.test(o.name))
      throw ApiError.field('VALIDATION', `${at}.name`, `'${at}.name' must be a Lambda function name`);
    const out: LambdaFunction = { name: o.name };
    if (o.alias !== undefined && o.alias !== null && o.alias !== '') {
      if (typeof o.alias !== 'string' || !ALIAS.test(o.alias))
        throw ApiError.field('VALIDATION', `${at}.alias`, `'${at}.alias' must be a version or alias name`);
      out.alias = o.alias;
    }
    if (o.methodName !== undefined && o.methodName !== null && o.methodName !== '') {
      if (typeof o.methodName !== 'string' || !METHOD_NAME.test(o.methodName))
        throw ApiError.field('VALIDATION', `${at}.methodName`, `'${at}.methodName' must be a method name`);
      out.methodName = o.methodName;
    }
    if (o.params !== undefined) {
      if (!Array.isArray(o.params) || o.params.some((p) => typeof p !== 'string' || !p || p.length > 100))
        throw ApiError.field('VALIDATION', `${at}.params`, `'${at}.params' must be a list of parameter names`);
      out.params = o.params as string[];
    }
    const method = out.methodName ?? out.name;
    if (!METHOD_NAME.test(method))
      throw ApiError.field('VALIDATION', `${at}.methodName`, `'${at}' needs a methodName ('${method}' is not one)`);
    if (methods.has(method))
      throw ApiError.field(
        'VALIDATION',
        `${at}.methodName`,
        `'${at}.methodName': two functions would be the method '${method}'`,
      );
    methods.add(method);
    return out;
  });
}

/** Checks the body of `createAWSLambdaService` (400 naming the field) and seals the secret key. */
export function lambdaSettingsOf(body: Record<string, unknown>, box: SecretBox): LambdaSettings {
  const accessKeyId = text(body, 'accessKeyId', 128)!;
  const secretAccessKey = text(body, 'secretAccessKey', 256)!;
  const region = text(body, 'region', 40)!;
  if (!REGION.test(region))
    throw ApiError.field('VALIDATION', 'region', `'region' must be an AWS region such as us-east-1`);
  const endpoint = text(body, 'endpoint', 2048, false);
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
      throw ApiError.field('VALIDATION', 'endpoint', "'endpoint' must be an http(s) URL without a user name");
  }
  const functions = functionsOf(body.functions);
  return {
    accessKeyId,
    secretAccessKey: box.seal(secretAccessKey),
    region,
    ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}),
    functions,
  };
}

/** The settings as the console sees them: the secret key masked. */
export const maskedSettings = (s: LambdaSettings): LambdaSettings => ({ ...s, secretAccessKey: MASK });

/** Each function is a method: POST `/{methodName}`, its arguments the request body. */
export function lambdaMethods(functions: LambdaFunction[]): ServiceMethod[] {
  return functions.map((f) => ({
    name: f.methodName ?? f.name,
    method: 'POST',
    path: `/${f.methodName ?? f.name}`,
    params: (f.params ?? []).map((name) => ({ name, type: 'any', required: false })),
    description: `AWS Lambda function ${f.name}${f.alias ? `:${f.alias}` : ''}`,
  }));
}
