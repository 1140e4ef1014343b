import { describe, expect, it } from 'vitest';
import { recordsCountBody, recordsExportBody, recordsFindBody } from './tables-query.js';

const person = {
  name: 'Person',
  columns: [
    { name: 'objectId', dataType: 'STRING_ID' },
    { name: 'name', dataType: 'STRING' },
    { name: 'age', dataType: 'INT' },
    { name: 'active', dataType: 'BOOLEAN' },
    { name: 'born', dataType: 'DATETIME' },
    { name: 'photo', dataType: 'FILE_REF' },
  ],
};

describe('record-query bodies', () => {
  it('defaults paging and sends nothing else for an empty query', () => {
    expect(recordsFindBody(person)).toEqual({ pageSize: 15, offset: 0 });
    expect(recordsFindBody(person, { where: '   ' })).toEqual({ pageSize: 15, offset: 0 });
  });

  it('turns free text into an OR of contains-matches over text, number and date columns; objectId and files never', () => {
    expect(recordsFindBody(person, { where: ' ann ' }).where).toBe(
      "`name` like '%ann%' or `age` like '%ann%' or `born` like '%ann%'",
    );
  });

  it('matches BOOLEAN columns only for true, false and null', () => {
    expect(recordsFindBody(person, { where: 'TRUE' }).where).toBe(
      "`name` like '%TRUE%' or `age` like '%TRUE%' or `active` = true or `born` like '%TRUE%'",
    );
    expect(recordsFindBody(person, { where: 'null' }).where).toContain('`active` is null');
  });

  it('rewrites dates m/d/yyyy to yyyy-mm-dd and zero-pads times for DATETIME columns', () => {
    expect(recordsFindBody(person, { where: '4/28/1990' }).where).toContain("`born` like '%1990-04-28%'");
    expect(recordsFindBody(person, { where: '9:05:3 GMT' }).where).toContain("`born` like '%09:05:03 GMT%'");
  });

  it('escapes a quote in the search text', () => {
    expect(recordsFindBody(person, { where: "O'Brien" }).where).toContain("`name` like '%O''Brien%'");
  });

  it('never searches the secret columns of Users', () => {
    const users = {
      name: 'Users',
      columns: ['email', 'password', 'socialAccount', 'userStatus', 'lastLogin', 'isEmailConfirmed'].map((name) => ({
        name,
        dataType: 'STRING',
      })),
    };
    expect(recordsFindBody(users, { where: 'x' }).where).toBe("`email` like '%x%'");
  });

  it('uses the where verbatim with sqlSearch and AND-s the filter with the search', () => {
    expect(recordsFindBody(person, { where: 'age > 3', sqlSearch: true }).where).toBe('age > 3');
    expect(recordsFindBody(person, { where: 'ann', filterString: 'age > 3' }).where).toBe(
      "age > 3 AND (`name` like '%ann%' or `age` like '%ann%' or `born` like '%ann%')",
    );
    expect(recordsFindBody(person, { filterString: 'age > 3' }).where).toBe('age > 3');
  });

  it('builds sortBy from sortField and sortDir and copies only set optional keys, in order', () => {
    const body = recordsFindBody(person, {
      pageSize: 50,
      offset: 100,
      sortField: 'age',
      sortDir: 'desc',
      props: ['name'],
      distinct: false,
      having: '',
      loadRelations: 'city',
      groupBy: 'age',
    });
    expect(JSON.stringify(body)).toBe(
      '{"pageSize":50,"offset":100,"sortBy":"age desc","props":["name"],"groupBy":"age","loadRelations":"city"}',
    );
    expect(recordsFindBody(person, { sortBy: ['name'], sortField: 'age', sortDir: 'asc' }).sortBy).toEqual(['name']);
  });

  it('the count body drops paging and sorting, and keeps property as the reference client does', () => {
    expect(
      recordsCountBody(person, {
        pageSize: 5,
        offset: 5,
        sortBy: 'name',
        property: 'name',
        props: 'age',
        where: 'x',
        distinct: true,
      }),
    ).toEqual({
      where: "`name` like '%x%' or `age` like '%x%' or `born` like '%x%'",
      property: 'name',
      props: 'age',
      distinct: true,
    });
  });

  it('the export body joins lists with commas and drops empty keys', () => {
    expect(recordsExportBody(person, { sortBy: ['name', 'age desc'], props: ['name', 'age'] })).toEqual({
      sortBy: 'name,age desc',
      props: 'name,age',
    });
    expect(recordsExportBody(person, { props: [], where: 'age > 1', sqlSearch: true })).toEqual({ where: 'age > 1' });
  });
});
