/** One row of the Lambda service form's function list. */
export interface LambdaFunctionRow {
  name: string;
  alias: string;
  methodName: string;
  /** Parameter names separated by commas or spaces. */
  params: string;
}

export interface LambdaForm {
  name: string;
  description: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  endpoint: string;
  functions: LambdaFunctionRow[];
}

export const emptyFunction = (): LambdaFunctionRow => ({ name: '', alias: '', methodName: '', params: '' });

export const emptyLambdaForm = (): LambdaForm => ({
  name: '',
  description: '',
  accessKeyId: '',
  secretAccessKey: '',
  region: '',
  endpoint: '',
  functions: [emptyFunction()],
});

const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;

/**
 * The body of `createAWSLambdaService` (decision 0049), or the messages of the fields to fix first.
 * Error keys are the server's field names (`functions[1].name`), so its 400s land on the same inputs.
 */
export function lambdaBodyOf(form: LambdaForm): { body: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const t = (s: string) => s.trim();
  if (!t(form.accessKeyId)) errors.accessKeyId = 'Required';
  if (!form.secretAccessKey) errors.secretAccessKey = 'Required';
  if (!t(form.region)) errors.region = 'Required';
  else if (!REGION.test(t(form.region))) errors.region = 'An AWS region such as us-east-1';
  if (t(form.endpoint) && !/^https?:\/\/[^\s]+$/i.test(t(form.endpoint)))
    errors.endpoint = 'An http(s) URL, or empty for AWS itself';
  // Every row is sent (a blank one is an error to fix or remove), so row i is the server's functions[i].
  const functions = form.functions;
  if (functions.length === 0) errors.functions = 'Add at least one function';
  functions.forEach((f, i) => {
    if (!t(f.name)) errors[`functions[${i}].name`] = 'Required';
  });
  const body: Record<string, unknown> = {
    ...(t(form.name) ? { name: t(form.name) } : {}),
    ...(t(form.description) ? { description: t(form.description) } : {}),
    accessKeyId: t(form.accessKeyId),
    secretAccessKey: form.secretAccessKey,
    region: t(form.region),
    ...(t(form.endpoint) ? { endpoint: t(form.endpoint) } : {}),
    functions: functions.map((f) => {
      const params = f.params.split(/[\s,]+/).filter(Boolean);
      return {
        name: t(f.name),
        ...(t(f.alias) ? { alias: t(f.alias) } : {}),
        ...(t(f.methodName) ? { methodName: t(f.methodName) } : {}),
        ...(params.length ? { params } : {}),
      };
    }),
  };
  return { body, errors };
}
