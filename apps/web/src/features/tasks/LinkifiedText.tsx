import { Link, Text, type TextProps } from '@chakra-ui/react';
import { linkify } from './tasks.logic';

/** Text whose URLs are links opening in a new tab. */
export function LinkifiedText({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word" {...props}>
      {linkify(text).map((part, index) =>
        part.url ? (
          <Link
            key={index}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            textDecoration="underline"
            onClick={(e) => e.stopPropagation()}
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
