import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from './markdown';

/** Renders inline Markdown pieces; links inside the app use the router, others open normally. */
export function InlineView({ content }: { content: Inline[] }) {
  return content.map((piece, i) => {
    switch (piece.type) {
      case 'text':
        return <Fragment key={i}>{piece.text}</Fragment>;
      case 'strong':
        return (
          <strong key={i} className="font-semibold text-slate-900">
            <InlineView content={piece.children} />
          </strong>
        );
      case 'code':
        return (
          <code
            key={i}
            className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-slate-900"
          >
            {piece.text}
          </code>
        );
      case 'link': {
        const cls = 'font-medium text-brand-700 underline hover:text-brand-800';
        return piece.href.startsWith('/') ? (
          <Link key={i} to={piece.href} className={cls}>
            <InlineView content={piece.children} />
          </Link>
        ) : (
          <a key={i} href={piece.href} className={cls}>
            <InlineView content={piece.children} />
          </a>
        );
      }
    }
  });
}

/** The docs' pictures (docs/images), bundled with the app; a Markdown image names one by its path. */
const images = import.meta.glob<string>('../../../../docs/images/*.png', {
  eager: true,
  query: '?url',
  import: 'default',
});
const imageUrl = (src: string) => images[`../../../../docs/${src}`];

const headingCls = {
  1: 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl',
  2: 'mt-10 scroll-mt-24 text-xl font-semibold text-slate-900',
  3: 'mt-6 scroll-mt-24 text-lg font-semibold text-slate-900',
} as const;

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return (
        <Tag id={block.id} className={headingCls[block.level]}>
          <InlineView content={block.content} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p className="mt-4 leading-relaxed text-slate-700">
          <InlineView content={block.content} />
        </p>
      );
    case 'list': {
      const Tag = block.ordered ? 'ol' : 'ul';
      return (
        <Tag
          className={`mt-4 space-y-2 pl-6 leading-relaxed text-slate-700 ${block.ordered ? 'list-decimal' : 'list-disc'} marker:text-slate-500`}
        >
          {block.items.map((item, i) => (
            <li key={i} className="pl-1">
              <InlineView content={item} />
            </li>
          ))}
        </Tag>
      );
    }
    case 'image': {
      const url = imageUrl(block.src);
      return url ? (
        <img
          src={url}
          alt={block.alt}
          loading="lazy"
          className="mt-4 w-full rounded-xl border border-slate-200 shadow-sm"
        />
      ) : null;
    }
    case 'note':
      return (
        <p className="mt-8 rounded-xl border border-brand-100 bg-brand-50 p-4 leading-relaxed text-slate-800">
          <InlineView content={block.content} />
        </p>
      );
    case 'code':
      return (
        <pre className="mt-4 overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-sm text-slate-100">
          {block.text}
        </pre>
      );
  }
}

/** Renders parsed Markdown blocks as an article of the docs. */
export function MarkdownView({ blocks }: { blocks: Block[] }) {
  return (
    <article className="max-w-3xl">
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </article>
  );
}
