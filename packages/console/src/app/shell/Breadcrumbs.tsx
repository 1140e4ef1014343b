import { Link } from 'react-router';
import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" style={{ minWidth: 0 }}>
      <MantineBreadcrumbs separator="›" separatorMargin={6} styles={{ root: { flexWrap: 'nowrap' } }}>
        {items.map((item, index) =>
          item.to && index < items.length - 1 ? (
            <Anchor key={index} component={Link} to={item.to} size="sm" c="dimmed" truncate="end" maw={200}>
              {item.label}
            </Anchor>
          ) : (
            <Text
              key={index}
              size="sm"
              fw={500}
              truncate="end"
              maw={240}
              aria-current={index === items.length - 1 ? 'page' : undefined}
            >
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
