import { Routes, type Form, type FormAppSettings, type FormSource, type Success } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.formEditor;

export type { Form, FormAppSettings, FormSource };

/** Forms of the form editor (`formEditor` group of the reference client). */
export function createFormEditorGroup({ request }: GroupContext) {
  return {
    /** The app's forms, by name. */
    getForms(appId: string): Promise<Form[]> {
      return request.route(r.getForms, [appId]);
    },

    /** Saves a new form bound to a table; `appSettings` says who it writes as (`{open, role}`). */
    createForm(appId: string, formSource: FormSource, appSettings?: FormAppSettings): Promise<Form> {
      return request.route(r.createForm, [appId], { body: { formSource, appSettings } });
    },

    /** Replaces a form; its id is `formSource.id`. */
    updateForm(appId: string, formSource: FormSource & { id: string }, appSettings?: FormAppSettings): Promise<Form> {
      return request.route(r.updateForm, [appId, formSource.id], { body: { formSource, appSettings } });
    },

    /** Deletes a form; as on the reference client, the id is `formSource.id` and the source travels in the body. */
    deleteForm(appId: string, formSource: { id: string }): Promise<Success> {
      return request.route(r.deleteForm, [appId, formSource.id], { body: { formSource } });
    },

    /** The launched form's page (HTML), as anyone with its link sees it. */
    launchForm(appId: string, formId: string): Promise<string> {
      return request.route(r.launchForm, [appId, formId]);
    },

    /** Submits values to a launched form: the new record, or a 400 naming each bad field. */
    submitForm(appId: string, formId: string, values: Record<string, unknown>): Promise<Record<string, unknown>> {
      return request.route(r.submitForm, [appId, formId], { body: values });
    },
  };
}
