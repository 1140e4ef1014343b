import { Input, SegmentedControl } from '@mantine/core';

/** JavaScript or blocks: what a new handler or timer is written in (fixed once it exists). */
export function LanguageChoice({
  value,
  onChange,
}: {
  value: 'JS' | 'CODELESS';
  onChange: (language: 'JS' | 'CODELESS') => void;
}) {
  return (
    <Input.Wrapper
      label="Language"
      description={
        value === 'JS'
          ? 'JavaScript in the model’s files, written in the Coding tab.'
          : 'Blocks in the codeless editor; the server generates the JavaScript it runs.'
      }
    >
      <SegmentedControl
        mt={4}
        fullWidth
        aria-label="Language"
        value={value}
        onChange={(v) => onChange(v === 'CODELESS' ? 'CODELESS' : 'JS')}
        data={[
          { value: 'JS', label: 'JavaScript' },
          { value: 'CODELESS', label: 'Codeless (blocks)' },
        ]}
      />
    </Input.Wrapper>
  );
}
