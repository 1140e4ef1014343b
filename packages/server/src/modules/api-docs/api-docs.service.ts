import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { MessagingRepo } from '../messaging/messaging.repo.js';
import { ServicesRepo, type ServiceRecord } from '../cloudcode/store/index.js';
import { specOf } from '../cloudcode/services/services.service.js';
import { dataTableDocument } from './data-table.doc.js';
import { channelDocument } from './messaging.doc.js';
import { filesDocument } from './files.doc.js';
import { serviceDocument } from './service.doc.js';
import { geoDocument } from './geo.doc.js';

/**
 * Reads the app's current state (schema, channels, deployed services) and hands it to the
 * generator of each target. Nothing is cached: a document always shows the app as it is now.
 */
export class ApiDocsService {
  private readonly channels: MessagingRepo;
  private readonly services: ServicesRepo;

  constructor(private readonly ctx: ServerContext) {
    this.channels = new MessagingRepo(ctx.dbs);
    this.services = new ServicesRepo(ctx.dbs);
  }

  private frame(appId: string) {
    return { appId, publicUrl: this.ctx.config.publicUrl };
  }

  async dataTable(appId: string, tableName: string) {
    const { table } = await this.ctx.data.area.table(appId, tableName);
    return dataTableDocument(this.frame(appId), table);
  }

  async channel(appId: string, channelName: string) {
    const channel = await this.channels.channelByName(appId, channelName);
    if (!channel) throw ApiError.notFound(`Channel '${channelName.slice(0, 80)}' does not exist`);
    return channelDocument(this.frame(appId), channel.name);
  }

  files(appId: string) {
    return filesDocument(this.frame(appId));
  }

  /**
   * The copy of a service in a model. `serviceId` is the id of any model's copy (what the console
   * lists) or the service's name; the document is of the copy `model` holds.
   */
  async service(appId: string, serviceId: string, model: string) {
    const byId = await this.services.byId(appId, serviceId);
    const copies: ServiceRecord[] = await this.services.byName(appId, byId?.name ?? serviceId);
    const copy = copies.find((c) => c.model === model);
    if (!copy)
      throw ApiError.notFound(`Service '${serviceId.slice(0, 80)}' is not deployed in model '${model.slice(0, 80)}'`);
    return serviceDocument(this.frame(appId), { ...copy, spec: specOf(copy) });
  }

  async geo(appId: string) {
    const schema = await this.ctx.data.schema(appId);
    return geoDocument(this.frame(appId), schema.tables);
  }
}
